package runtimework

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
)

// Handlers registered on routers that apply the middleware: Wrap's
// argument is never named.
type Payments struct{ pool *pgxpool.Pool }

func (p *Payments) ChargeChi(w http.ResponseWriter, r *http.Request) {
	p.pool.Exec(r.Context(), `INSERT INTO charges (id) VALUES ($1)`, r.FormValue("id")) // want `a write inside the handler behind idemhttp's Middleware.Wrap runs on the pool p.pool`
}

func (p *Payments) RefundChi(w http.ResponseWriter, r *http.Request) {
	p.pool.Exec(r.Context(), `INSERT INTO refunds (id) VALUES ($1)`, r.FormValue("id")) // want `a write inside the handler behind idemhttp's Middleware.Wrap runs on the pool p.pool`
}

func (p *Payments) CaptureChi(w http.ResponseWriter, r *http.Request) {
	p.pool.Exec(r.Context(), `INSERT INTO captures (id) VALUES ($1)`, r.FormValue("id")) // want `a write inside the handler behind idemhttp's Middleware.Wrap runs on the pool p.pool`
}

// Near miss: on the middleware's transaction.
func (p *Payments) VoidChi(w http.ResponseWriter, r *http.Request) {
	if tx, ok := idemhttp.Tx(r.Context()); ok {
		tx.Exec(r.Context(), `INSERT INTO voids (id) VALUES ($1)`, r.FormValue("id"))
	}
}

// Near miss: a pool write on a route outside the wrapped group.
func (p *Payments) AuditChi(w http.ResponseWriter, r *http.Request) {
	p.pool.Exec(r.Context(), `INSERT INTO audit (path) VALUES ($1)`, r.URL.Path)
}

// Near miss: the same write on a router the middleware was never given.
func (p *Payments) HealthChi(w http.ResponseWriter, r *http.Request) {
	p.pool.Exec(r.Context(), `INSERT INTO pings (path) VALUES ($1)`, r.URL.Path)
}

func ChiRoutes(m *idemhttp.Middleware, p *Payments) http.Handler {
	r := chi.NewRouter()
	r.Get("/audit", p.AuditChi) // outside the wrapped router below
	r.Route("/v1", func(r chi.Router) {
		r.Use(m.Wrap)
		r.Post("/charges", p.ChargeChi)
		r.Post("/voids", p.VoidChi)
	})
	r.With(m.Wrap).Post("/refunds", p.RefundChi)
	r.Group(func(g chi.Router) {
		g.Use(func(next http.Handler) http.Handler { return m.Wrap(next) })
		g.Post("/captures", p.CaptureChi)
	})
	plain := chi.NewRouter()
	plain.Get("/health", p.HealthChi)
	r.Handle("/plain", plain)
	return r
}

func (p *Payments) ChargeEcho(c echo.Context) error {
	p.pool.Exec(c.Request().Context(), `INSERT INTO charges (id) VALUES ($1)`, "x") // want `a write inside the handler behind idemhttp's Middleware.Wrap runs on the pool p.pool`
	return c.NoContent(http.StatusCreated)
}

func (p *Payments) RefundEcho(c echo.Context) error {
	p.pool.Exec(c.Request().Context(), `INSERT INTO refunds (id) VALUES ($1)`, "x") // want `a write inside the handler behind idemhttp's Middleware.Wrap runs on the pool p.pool`
	return c.NoContent(http.StatusCreated)
}

// Near miss: registered on the echo instance without the middleware
// (only the route above it and the group carry it).
func (p *Payments) ListEcho(c echo.Context) error {
	p.pool.Exec(c.Request().Context(), `INSERT INTO views (path) VALUES ($1)`, "x")
	return nil
}

func EchoRoutes(m *idemhttp.Middleware, p *Payments) *echo.Echo {
	e := echo.New()
	idem := echo.WrapMiddleware(m.Wrap)
	e.POST("/charges", p.ChargeEcho, idem)
	e.GET("/list", p.ListEcho)
	g := e.Group("/v1", idem)
	g.POST("/refunds", p.RefundEcho)
	return e
}
