package idemhttp

import (
	"context"

	"github.com/jackc/pgx/v5"
)

type txKey struct{}

// Tx returns the transaction that holds the request's claim. Every write of
// the handler must go through it: it commits together with the claim and
// the stored response, after the handler returns, or not at all. ok is false
// outside the middleware (a method that needs no key, a handler mounted
// elsewhere).
//
// Do not Commit or Rollback it (both fail with claim.ErrTxOwned): the
// middleware commits when the handler's response is stored, and rolls back
// when it is not (a 5xx without Options.Store5xx, a panic, a response over
// the claim's MaxOutcomeBytes).
func Tx(ctx context.Context) (tx pgx.Tx, ok bool) {
	tx, ok = ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok
}

func withTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}
