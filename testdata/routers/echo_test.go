package routers_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/idemvet/idemvet/testdata/routers/idemecho"
	"github.com/labstack/echo/v4"
)

// The near miss that idemecho exists for: behind echo.WrapMiddleware, a
// handler's returned error is written after the middleware has stored an
// empty 200, which the client gets and every retry replays. If this test
// fails, echo has changed and runtime/idemhttp/README.md's echo section
// needs another look.
func TestEchoWrapMiddlewareStoresEmpty200(t *testing.T) {
	wrapped := router{name: "echo.WrapMiddleware", serve: func(idem *idemhttp.Middleware, p *payments) http.Handler {
		e := echo.New()
		e.POST("/payments", p.echo, echo.WrapMiddleware(idem.Wrap))
		return e
	}}
	a := newApp(t, wrapped, idemhttp.Options{})
	first := a.post("/payments", "k", "declined")
	again := a.post("/payments", "k", "declined")
	if first.status != http.StatusOK || first.body != "" || again.status != http.StatusOK || again.body != "" || !again.replayed() {
		t.Fatalf("first %+v, retry %+v; echo.WrapMiddleware was expected to store and replay an empty 200", first, again)
	}
	// The adapter, same handler: the 402 the handler meant (TestHandlerErrors
	// checks its replay).
	a = newApp(t, router{name: "idemecho", serve: echoServer}, idemhttp.Options{})
	if r := a.post("/payments", "k", "declined"); r.status != http.StatusPaymentRequired {
		t.Fatalf("idemecho: %+v, want 402", r)
	}
}

// Middleware outside idemecho (a logger, a metrics recorder) sees the
// response the client got, also when it is not the handler's: here the
// middleware refuses a response over the claim's size limit with a 500.
func TestEchoOuterMiddlewareSeesWhatWasSent(t *testing.T) {
	seen := make(chan int, 1) // written after the response is sent
	logged := router{name: "echo with a logger", serve: func(idem *idemhttp.Middleware, p *payments) http.Handler {
		e := echo.New()
		e.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
			return func(c echo.Context) error {
				err := next(c)
				seen <- c.Response().Status
				return err
			}
		})
		e.POST("/payments", p.echo, idemecho.Middleware(idem))
		return e
	}}
	a := newApp(t, logged, idemhttp.Options{Claim: claim.Options{MaxOutcomeBytes: 256}})
	if r, logged := a.post("/payments", "big", strings.Repeat("9", 300)), <-seen; r.status != http.StatusInternalServerError || logged != r.status {
		t.Fatalf("client got %d %s, the outer middleware saw %d; want 500 both", r.status, r.body, logged)
	}
	// Near miss: a response within the limit is the handler's own.
	if r, logged := a.post("/payments", "small", "100"), <-seen; r.status != http.StatusCreated || logged != r.status {
		t.Fatalf("client got %d, the outer middleware saw %d; want 201 both", r.status, logged)
	}
}
