package claimtx

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemvet/idemvet/runtime/idemhttp"
)

// Checkout registers its handlers on a chi router that applies idemhttp's
// middleware with Use: Wrap's argument is never named.
type Checkout struct{ Pool *pgxpool.Pool }

// Charge writes through the pool behind the middleware: the row commits
// on its own while the middleware's transaction, which stores the
// response, can still roll back; the retry inserts it again.
func (p *Checkout) Charge(w http.ResponseWriter, r *http.Request) {
	if _, err := p.Pool.Exec(r.Context(), `INSERT INTO charges (id) VALUES ($1)`, r.FormValue("id")); err != nil { // want:claimtx
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Refund is the near miss: it writes on the middleware's transaction.
func (p *Checkout) Refund(w http.ResponseWriter, r *http.Request) {
	tx, ok := idemhttp.Tx(r.Context())
	if !ok {
		http.Error(w, "no transaction", http.StatusInternalServerError)
		return
	}
	if _, err := tx.Exec(r.Context(), `INSERT INTO refunds (id) VALUES ($1)`, r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Routes wraps the /v1 group only.
func Routes(m *idemhttp.Middleware, p *Checkout) http.Handler {
	r := chi.NewRouter()
	r.Route("/v1", func(r chi.Router) {
		r.Use(m.Wrap)
		r.Post("/charges", p.Charge)
		r.Post("/refunds", p.Refund)
	})
	return r
}
