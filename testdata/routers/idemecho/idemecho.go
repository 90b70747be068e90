package idemecho

import (
	"net/http"

	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/labstack/echo/v4"
)

// Middleware returns idem as echo middleware. In the handler, the claim's
// transaction is idemhttp.Tx(c.Request().Context()).
//
// echo writes the error a handler returns in its HTTPErrorHandler, after
// every middleware has returned. Behind echo.WrapMiddleware(idem.Wrap) that
// is too late: idem has already stored, committed and sent the empty 200 the
// handler left, and replays it to every retry. Middleware writes the error
// inside idem instead, so it is the response stored (a 4xx) or rolled back
// (a 5xx) like any other.
func Middleware(idem *idemhttp.Middleware) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req, res := c.Request(), c.Response()
			// Middleware outside this one (a logger, say) sees the response
			// the client got, not the handler's buffered one.
			defer func() { c.SetRequest(req); c.SetResponse(res) }()
			idem.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				c.SetRequest(r) // carries the claim's transaction
				c.SetResponse(echo.NewResponse(w, c.Echo()))
				if err := next(c); err != nil {
					c.Error(err)
				}
			})).ServeHTTP(res, req)
			return nil
		}
	}
}
