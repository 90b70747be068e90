// Package runtimework hands work to idemvet's runtime/claim: the work's
// writes must run on the transaction the runtime hands in.
package runtimework

import (
	"context"
	"net/http"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
)

type Service struct {
	pool   *pgxpool.Pool
	claims *claim.Claimer
	orders *Orders
}

// Orders is a repository built on the pool.
type Orders struct{ pool *pgxpool.Pool }

func (o *Orders) Insert(ctx context.Context, id string) error {
	_, err := o.pool.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id)
	return err
}

// InsertTx writes on the transaction it is given.
func InsertTx(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id)
	return err
}

// The work writes through the pool the closure captured.
func (s *Service) PlaceOnPool(ctx context.Context, k claim.Key, id string) error {
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		_, err := s.pool.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id) // want `a write inside the work given to claim's Do runs on the pool s.pool, not on the transaction the runtime handed in: .*\(run it on tx\)$`
		return claim.Outcome{Status: 201}, err
	})
	return err
}

// Near miss: the same write on the handed-in transaction.
func (s *Service) PlaceOnTx(ctx context.Context, k claim.Key, id string) error {
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		_, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id)
		return claim.Outcome{Status: 201}, err
	})
	return err
}

// A repository built on the pool, inside the work.
func (s *Service) PlaceThroughRepository(ctx context.Context, k claim.Key, id string) error {
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		err := s.orders.Insert(ctx, id) // want `runs on a pool \(through Insert\), not on the transaction the runtime handed in`
		return claim.Outcome{Status: 201}, err
	})
	return err
}

// Near miss: a helper handed the transaction.
func (s *Service) PlaceThroughHelper(ctx context.Context, k claim.Key, id string) error {
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		return claim.Outcome{Status: 201}, InsertTx(ctx, tx, id)
	})
	return err
}

// Near miss: the helper is handed the pool outside the work.
func (s *Service) PlaceBeforeClaim(ctx context.Context, k claim.Key, id string) error {
	if err := InsertTx(ctx, nil, id); err != nil {
		return err
	}
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		return claim.Outcome{Status: 200}, nil
	})
	return err
}

// DoTx joins a transaction the caller opened: the same rule.
func (s *Service) PlaceInOpenTx(ctx context.Context, outer pgx.Tx, k claim.Key, id string) error {
	_, err := s.claims.DoTx(ctx, outer, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		_, err := s.pool.Exec(ctx, `UPDATE orders SET state = 'placed' WHERE id = $1`, id) // want `inside the work given to claim's DoTx runs on the pool s.pool`
		return claim.Outcome{Status: 200}, err
	})
	return err
}

// The work commits the transaction the runtime owns.
func (s *Service) CommitsItself(ctx context.Context, k claim.Key, id string) error {
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id); err != nil {
			return claim.Outcome{}, err
		}
		return claim.Outcome{Status: 201}, tx.Commit(ctx) // want `the work given to claim's Do commits the transaction the runtime handed in`
	})
	return err
}

// A provider call inside the work: it cannot roll back with the work.
func (s *Service) RefundInWork(ctx context.Context, k claim.Key, charge string) error {
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if _, err := refund.New(&stripe.RefundParams{Charge: &charge}); err != nil { // want `an external effect inside the work given to claim's Do`
			return claim.Outcome{}, err
		}
		_, err := tx.Exec(ctx, `UPDATE charges SET refunded = true WHERE id = $1`, charge)
		return claim.Outcome{Status: 200}, err
	})
	return err
}

// Near miss: a work function declared at package level, on its tx.
func work(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
	_, err := tx.Exec(ctx, `UPDATE counters SET n = 0`)
	return claim.Outcome{Status: 200}, err
}

func (s *Service) Named(ctx context.Context, k claim.Key) error {
	_, err := s.claims.Do(ctx, k, nil, work)
	return err
}

// Handlers behind the HTTP middleware run inside the claim's transaction,
// which idemhttp.Tx returns.
type Handlers struct{ pool *pgxpool.Pool }

func (h *Handlers) CreateOnPool(w http.ResponseWriter, r *http.Request) {
	h.pool.Exec(r.Context(), `INSERT INTO orders (id) VALUES ($1)`, r.FormValue("id")) // want `a write inside the handler behind idemhttp's Middleware.Wrap runs on the pool h.pool, .*\(run it on idemhttp.Tx\(r.Context\(\)\)\)$`
	w.WriteHeader(http.StatusCreated)
}

// Near miss: the handler writes on the middleware's transaction.
func (h *Handlers) CreateOnTx(w http.ResponseWriter, r *http.Request) {
	tx, ok := idemhttp.Tx(r.Context())
	if !ok {
		http.Error(w, "no transaction", http.StatusInternalServerError)
		return
	}
	tx.Exec(r.Context(), `INSERT INTO orders (id) VALUES ($1)`, r.FormValue("id"))
	w.WriteHeader(http.StatusCreated)
}

// Near miss: the same pool write in a handler the middleware does not wrap.
func (h *Handlers) Unwrapped(w http.ResponseWriter, r *http.Request) {
	h.pool.Exec(r.Context(), `INSERT INTO audit (path) VALUES ($1)`, r.URL.Path)
}

func Routes(mux *http.ServeMux, m *idemhttp.Middleware, h *Handlers) {
	mux.Handle("POST /orders", m.Wrap(http.HandlerFunc(h.CreateOnPool)))
	mux.Handle("POST /orders/tx", m.Wrap(http.HandlerFunc(h.CreateOnTx)))
	mux.Handle("POST /v2/orders", m.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.pool.Exec(r.Context(), `UPDATE orders SET state = 'placed' WHERE id = $1`, r.FormValue("id")) // want `a write inside the handler behind idemhttp's Middleware.Wrap runs on the pool h.pool`
	})))
	mux.HandleFunc("GET /audit", h.Unwrapped)
}
