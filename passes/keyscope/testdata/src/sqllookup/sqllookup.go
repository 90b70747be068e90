package sqllookup

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/google/uuid"
)

type Server struct{ db *sql.DB }

type CreatePayment struct {
	MerchantID     string
	IdempotencyKey string
	Amount         int64
}

// A merchant's request found by its key alone: another merchant's key
// returns this merchant's response.
func (s *Server) Replay(ctx context.Context, merchantID, key string) ([]byte, error) {
	var body []byte
	err := s.db.QueryRowContext(ctx, `SELECT response FROM idempotency_keys WHERE key = $1`, key).Scan(&body) // want `idempotency key looked up in idempotency_keys by key alone while merchantID is in scope`
	return body, err
}

// Near miss: the merchant is part of the lookup.
func (s *Server) ReplayScoped(ctx context.Context, merchantID, key string) ([]byte, error) {
	var body []byte
	err := s.db.QueryRowContext(ctx, `SELECT response FROM idempotency_keys WHERE merchant_id = $1 AND key = $2`, merchantID, key).Scan(&body)
	return body, err
}

// The owner as a field of the request; the key column in a business table.
func (s *Server) Create(ctx context.Context, req *CreatePayment) error {
	var exists bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM payments WHERE idempotency_key = $1)`, req.IdempotencyKey).Scan(&exists) // want `idempotency key looked up in payments by idempotency_key alone while req.MerchantID is in scope`
	return err
}

// Near miss: scoped by the request's merchant.
func (s *Server) CreateScoped(ctx context.Context, req *CreatePayment) error {
	var exists bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM payments WHERE idempotency_key = $1 AND merchant_id = $2)`, req.IdempotencyKey, req.MerchantID).Scan(&exists)
	return err
}

// Near miss: single-tenant code, no owner in scope.
func (s *Server) ReplaySingleTenant(ctx context.Context, key string) ([]byte, error) { // want ReplaySingleTenant:"looks up idempotency_keys.key unscoped"
	var body []byte
	err := s.db.QueryRowContext(ctx, `SELECT response FROM idempotency_keys WHERE key = $1`, key).Scan(&body)
	return body, err
}

// The owner read from the request context by an auth helper.
func (s *Server) Handle(w http.ResponseWriter, r *http.Request) {
	tenant := TenantFromContext(r.Context())
	_ = tenant
	rows, _ := s.db.QueryContext(r.Context(), `SELECT status FROM idempotency_keys WHERE key = $1`, r.Header.Get("Idempotency-Key")) // want `while tenant is in scope`
	rows.Close()
}

// Near miss: the auth helper's tenant is in the lookup.
func (s *Server) HandleScoped(w http.ResponseWriter, r *http.Request) {
	rows, _ := s.db.QueryContext(r.Context(), `SELECT status FROM idempotency_keys WHERE tenant_id = $1 AND key = $2`, TenantFromContext(r.Context()), r.Header.Get("Idempotency-Key"))
	rows.Close()
}

// Near miss: a key the server minted is unique on its own.
func (s *Server) Resume(ctx context.Context, userID string) error {
	_, err := s.db.QueryContext(ctx, `SELECT status FROM idempotency_keys WHERE key = $1`, uuid.New().String())
	return err
}

// Near miss: a table that is not about idempotency keys, looked up by a
// column named key.
func (s *Server) Setting(ctx context.Context, userID, key string) error {
	_, err := s.db.QueryContext(ctx, `SELECT value FROM settings WHERE key = $1`, key)
	return err
}

// Near miss: a name with an owner word that is not an owner.
func (s *Server) Agent(ctx context.Context, userAgent, key string) error { // want Agent:"looks up idempotency_keys.key unscoped"
	_, err := s.db.QueryContext(ctx, `SELECT response FROM idempotency_keys WHERE key = $1`, key)
	return err
}

// The auth helper's tenant used inline, never stored in a named local.
func (s *Server) Status(w http.ResponseWriter, r *http.Request) {
	if TenantFromContext(r.Context()) == "" {
		http.Error(w, "unauthenticated", http.StatusUnauthorized)
		return
	}
	rows, _ := s.db.QueryContext(r.Context(), `SELECT status FROM idempotency_keys WHERE key = $1`, r.Header.Get("Idempotency-Key")) // want `while TenantFromContext\(r.Context\(\)\) is in scope`
	rows.Close()
}

// Near miss: a context helper that reads no owner (a request id).
func (s *Server) StatusTraced(w http.ResponseWriter, r *http.Request) { // want StatusTraced:"looks up idempotency_keys.key unscoped"
	if RequestIDFromContext(r.Context()) == "" {
		return
	}
	rows, _ := s.db.QueryContext(r.Context(), `SELECT status FROM idempotency_keys WHERE key = $1`, r.Header.Get("Idempotency-Key"))
	rows.Close()
}

func RequestIDFromContext(ctx context.Context) string {
	s, _ := ctx.Value(tenantKey{}).(string)
	return s
}

type tenantKey struct{}

func TenantFromContext(ctx context.Context) string {
	s, _ := ctx.Value(tenantKey{}).(string)
	return s
}
