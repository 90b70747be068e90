package idemhttp

import (
	"log/slog"
	"net/http"
)

// logError is the default Options.OnError. Without it a middleware whose
// claims table was never created would answer every keyed request 500 and
// leave no trace of why.
func logError(r *http.Request, err error) {
	slog.Default().ErrorContext(r.Context(), "idemhttp: request not processed",
		"method", r.Method, "path", r.URL.Path, "err", err)
}

// serverError answers a 5xx of the middleware's own and reports err to
// OnError.
func (m *Middleware) serverError(w http.ResponseWriter, r *http.Request, err error, status int, typ, title, detail string) {
	m.opts.OnError(r, err)
	writeProblem(w, status, typ, title, detail)
}
