package keyscope

import (
	"context"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemvet/idemvet/testdata/realworld/keyscope/keystore"
)

type Payments struct {
	pool  *pgxpool.Pool
	store *keystore.Store
}

// Replay answers a retried request from the stored response, found by the
// client's key alone: merchant B's request with merchant A's key gets A's
// payment.
func (p *Payments) Replay(ctx context.Context, merchantID int64, key string) ([]byte, error) {
	var body []byte
	err := p.pool.QueryRow(ctx, `SELECT response FROM idempotency_keys WHERE key = $1`, key).Scan(&body) // want:keyscope
	return body, err
}

// ReplayScoped is the near miss: the merchant is part of the lookup.
func (p *Payments) ReplayScoped(ctx context.Context, merchantID int64, key string) ([]byte, error) {
	var body []byte
	err := p.pool.QueryRow(ctx, `SELECT response FROM idempotency_keys WHERE merchant_id = $1 AND key = $2`, merchantID, key).Scan(&body)
	return body, err
}

// ResumeExport looks up a key the server minted, unique on its own.
func (p *Payments) ResumeExport(ctx context.Context, merchantID int64) error {
	_, err := p.pool.Exec(ctx, `SELECT 1 FROM idempotency_keys WHERE key = $1`, uuid.NewString())
	return err
}

type principal struct{ TenantID string }

type principalKey struct{}

// PrincipalFromContext is the auth middleware's helper.
func PrincipalFromContext(ctx context.Context) principal {
	p, _ := ctx.Value(principalKey{}).(principal)
	return p
}

// Handle calls a repository in another package that looks the key up by
// the key alone, while the request's principal is in scope.
func (p *Payments) Handle(w http.ResponseWriter, r *http.Request) {
	who := PrincipalFromContext(r.Context())
	body, err := p.store.Lookup(r.Context(), r.Header.Get("Idempotency-Key")) // want:keyscope
	if err == nil {
		w.Write(body)
	}
	_ = who
}

// HandleScoped passes the tenant to the scoped lookup.
func (p *Payments) HandleScoped(w http.ResponseWriter, r *http.Request) {
	who := PrincipalFromContext(r.Context())
	body, err := p.store.LookupScoped(r.Context(), who.TenantID, r.Header.Get("Idempotency-Key"))
	if err == nil {
		w.Write(body)
	}
}
