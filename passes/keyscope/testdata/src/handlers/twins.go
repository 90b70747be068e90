package handlers

import (
	"context"
	"net/http"
)

type StoredResponse struct {
	Status int
	Body   []byte
}

// A store of idempotent responses that offers a lookup per tenant beside
// the lookup by key alone.
type ResponseStore interface {
	Response(ctx context.Context, idempotencyKey string) (StoredResponse, bool, error)
	ResponseFor(ctx context.Context, tenantID int64, idempotencyKey string) (StoredResponse, bool, error)
}

type Replayer struct{ store ResponseStore }

// The tenant is at hand, but the lookup leaves it out.
func (r *Replayer) Stored(ctx context.Context, tenantID int64, idempotencyKey string) (StoredResponse, error) {
	resp, _, err := r.store.Response(ctx, idempotencyKey) // want `Response looks the key up without its owner while tenantID is in scope here, and its interface has the scoped lookup ResponseFor`
	return resp, err
}

// Near miss: the scoped twin.
func (r *Replayer) StoredFor(ctx context.Context, tenantID int64, idempotencyKey string) (StoredResponse, error) {
	resp, _, err := r.store.ResponseFor(ctx, tenantID, idempotencyKey)
	return resp, err
}

// Near miss: no owner in scope (an operator's tool).
func (r *Replayer) Inspect(ctx context.Context, idempotencyKey string) (StoredResponse, error) {
	resp, _, err := r.store.Response(ctx, idempotencyKey)
	return resp, err
}

// A connector client offers a variant of an operation per resource: the
// longer name takes one more id, but neither looks a key up.
type Forwarder interface {
	ForwardUser(ctx context.Context, userID string, connectorID string) error
	ForwardUserBankAccount(ctx context.Context, userID string, accountID string, connectorID string) error
}

// Near miss: the user's id is the argument; no key is looked up.
func forward(ctx context.Context, f Forwarder, tenantID int64, userID, connectorID string) error {
	return f.ForwardUser(ctx, userID, connectorID)
}

// A replay middleware runs before the handler loads the tenant: no owner
// is in scope, but the key is the client's own header, and the store
// keeps keys per tenant.
func (r *Replayer) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		resp, found, err := r.store.Response(req.Context(), req.Header.Get("Idempotency-Key")) // want `Response looks up the key from the Idempotency-Key header without its owner, and its interface has the scoped lookup ResponseFor`
		if err != nil || !found {
			next.ServeHTTP(w, req)
			return
		}
		w.WriteHeader(resp.Status)
		_, _ = w.Write(resp.Body)
	})
}

// Near miss: a header that names no idempotency key (a trace id looked
// up for a debug view).
func (r *Replayer) DebugView(w http.ResponseWriter, req *http.Request) {
	resp, _, _ := r.store.Response(req.Context(), req.Header.Get("X-Trace-Id"))
	w.WriteHeader(resp.Status)
}
