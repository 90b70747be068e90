package routers_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/idemvet/idemvet/testdata/routers/idemecho"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
)

func TestMain(m *testing.M) {
	gin.SetMode(gin.ReleaseMode) // no route listing on stdout, which the examples compare
	pgtest.Main(m)
}

// router serves the payments API with one web framework, idem in front of
// POST /payments; POST /quotes is mounted without it.
type router struct {
	name  string
	serve func(idem *idemhttp.Middleware, p *payments) http.Handler
}

// routers are the frameworks every test in behaviour_test.go runs on.
var routers = []router{{"gin", ginServer}, {"echo", echoServer}}

// ginServer mounts the engine behind idem for the routes that need a key,
// and bare for the others: gin writes through the http.ResponseWriter it
// is served with, so the middleware buffers and stores what gin writes.
func ginServer(idem *idemhttp.Middleware, p *payments) http.Handler {
	engine := gin.New()
	engine.Use(ginErrors)
	engine.POST("/payments", p.gin)
	engine.POST("/quotes", func(c *gin.Context) {
		_, inTx := idemhttp.Tx(c.Request.Context())
		c.String(http.StatusOK, "in a claim transaction: %v", inTx)
	})
	mux := http.NewServeMux()
	mux.Handle("POST /payments", idem.Wrap(engine))
	mux.Handle("/", engine)
	return mux
}

// echoServer puts idem in front of one route through the idemecho adapter.
func echoServer(idem *idemhttp.Middleware, p *payments) http.Handler {
	e := echo.New()
	e.POST("/payments", p.echo, idemecho.Middleware(idem))
	e.POST("/quotes", func(c echo.Context) error {
		_, inTx := idemhttp.Tx(c.Request().Context())
		return c.String(http.StatusOK, fmt.Sprintf("in a claim transaction: %v", inTx))
	})
	return e
}

// payments is the business both routers serve. Its handlers insert a
// payment on the request's claim transaction; the amount sent picks what
// happens next, so that one handler per router serves every test.
type payments struct {
	runs    atomic.Int64  // handler executions
	started chan struct{} // a "slow" payment holds its claim
	release chan struct{} // closed: a "slow" payment finishes
}

var (
	errDeclined     = errors.New("card declined") // a business refusal: a 4xx, stored and replayed
	errProviderDown = errors.New("provider down") // a 5xx: rolled back, the retry executes
)

// pay inserts the payment, then: "slow" waits for release, "declined" and
// "down" fail with errDeclined and errProviderDown.
func (p *payments) pay(r *http.Request) (id int64, amount string, err error) {
	p.runs.Add(1)
	tx, ok := idemhttp.Tx(r.Context())
	if !ok {
		return 0, "", errors.New("not behind idemhttp")
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return 0, "", err
	}
	amount = string(body)
	if err := tx.QueryRow(r.Context(), "INSERT INTO payments (tenant, amount) VALUES ($1, $2) RETURNING id",
		r.Header.Get("X-Tenant"), amount).Scan(&id); err != nil {
		return 0, "", err
	}
	switch amount {
	case "slow":
		p.started <- struct{}{}
		<-p.release
	case "declined":
		return id, amount, errDeclined
	case "down":
		return id, amount, errProviderDown
	}
	return id, amount, nil
}

// gin answers the gin way: it records an error with c.Error and leaves the
// answer to ginErrors.
func (p *payments) gin(c *gin.Context) {
	id, amount, err := p.pay(c.Request)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Location", fmt.Sprintf("/payments/%d", id))
	c.JSON(http.StatusCreated, gin.H{"id": id, "amount": amount})
}

// ginErrors is the usual gin error middleware: after the handlers, it
// writes the last recorded error, 402 for a refusal and 500 otherwise. It
// runs inside the engine, so inside idem, which stores what it writes.
func ginErrors(c *gin.Context) {
	c.Next()
	err := c.Errors.Last()
	switch {
	case err == nil:
	case errors.Is(err, errDeclined):
		c.JSON(http.StatusPaymentRequired, gin.H{"message": err.Error()})
	default:
		c.JSON(http.StatusInternalServerError, gin.H{"message": "internal error"})
	}
}

// echo answers the echo way: it returns the error, an *echo.HTTPError for
// a refusal and a plain error (500) for a failure.
func (p *payments) echo(c echo.Context) error {
	id, amount, err := p.pay(c.Request())
	switch {
	case errors.Is(err, errDeclined):
		return echo.NewHTTPError(http.StatusPaymentRequired, err.Error())
	case err != nil:
		return fmt.Errorf("charging: %w", err)
	}
	c.Response().Header().Set("Location", fmt.Sprintf("/payments/%d", id))
	return c.JSON(http.StatusCreated, map[string]any{"id": id, "amount": amount})
}

// app is one router serving payments on a fresh database.
type app struct {
	t testing.TB
	*payments
	pool   *pgxpool.Pool
	server *httptest.Server
}

// tenant stands for authentication: the principal is the X-Tenant header.
func tenant(r *http.Request) (string, error) {
	if t := r.Header.Get("X-Tenant"); t != "" {
		return t, nil
	}
	return "", errors.New("not authenticated")
}

func newApp(t testing.TB, rt router, opts idemhttp.Options) *app {
	t.Helper()
	pool := pgtest.NewPool(t, func(cfg *pgxpool.Config) { cfg.MaxConns = 4 })
	ctx := context.Background()
	if err := claim.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `CREATE TABLE payments (
		id bigserial PRIMARY KEY, tenant text NOT NULL, amount text NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	opts.Principal = tenant
	idem, err := idemhttp.New(pool, opts)
	if err != nil {
		t.Fatal(err)
	}
	p := &payments{started: make(chan struct{}, 1), release: make(chan struct{})}
	a := &app{t: t, payments: p, pool: pool, server: httptest.NewServer(rt.serve(idem, p))}
	t.Cleanup(a.server.Close) // before the pool closes
	return a
}

// response is what a client saw.
type response struct {
	status int
	header http.Header
	body   string
}

// replayed reports whether the middleware marked r as a replay.
func (r response) replayed() bool { return r.header.Get("Idempotent-Replayed") == "true" }

// post sends POST path as tenant acme with the key (none if "") and body.
func (a *app) post(path, key, body string) response {
	a.t.Helper()
	r, err := a.do(path, key, body)
	if err != nil {
		a.t.Fatal(err)
	}
	return r
}

// do is post for goroutines other than the test's, which must not Fatal.
func (a *app) do(path, key, body string) (response, error) {
	req, err := http.NewRequest(http.MethodPost, a.server.URL+path, strings.NewReader(body))
	if err != nil {
		return response{}, err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	req.Header.Set("X-Tenant", "acme")
	res, err := a.server.Client().Do(req)
	if err != nil {
		return response{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: string(b)}, err
}

func (a *app) count(sql string) int {
	a.t.Helper()
	var n int
	if err := a.pool.QueryRow(context.Background(), sql).Scan(&n); err != nil {
		a.t.Fatal(err)
	}
	return n
}

func (a *app) rows() int   { return a.count("SELECT count(*) FROM payments") }
func (a *app) claims() int { return a.count("SELECT count(*) FROM idemvet_claims") }
