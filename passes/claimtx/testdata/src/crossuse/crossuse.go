// Package crossuse calls claimstore's wrappers, known through facts.
package crossuse

import (
	"context"
	"database/sql"
	"net/http"

	"claimstore"
)

type Handler struct {
	store *claimstore.Store
	db    *sql.DB
}

// The processed marker commits on the store's pool, the order in the
// store's own transaction.
func (h *Handler) OnOrderPlaced(ctx context.Context, eventID string, o claimstore.Order) error {
	if err := h.store.MarkProcessed(ctx, eventID); err != nil { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 23 in a transaction[^;]*; make the claim on the write's transaction, or let runtime/claim's Claimer.Do run claim, write and stored outcome in one transaction \(Claimer.DoTx joins one already open\)$`
		return err
	}
	return h.store.CreateOrder(ctx, o)
}

// The marker commits on the pool, the order on the handler's tx.
func (h *Handler) OnOrderPlacedTx(ctx context.Context, eventID string, o claimstore.Order) error {
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := h.store.MarkProcessed(ctx, eventID); err != nil { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 36 in a transaction`
		return err
	}
	if err := h.store.SaveOrderTx(ctx, tx, o); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: claim and order on the same tx through the wrappers.
func (h *Handler) OnOrderPlacedSameTx(ctx context.Context, key string, o claimstore.Order) error {
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := h.store.ClaimTx(ctx, tx, key); err != nil {
		return err
	}
	if err := h.store.SaveOrderTx(ctx, tx, o); err != nil {
		return err
	}
	return tx.Commit()
}

// The generic claim helper gets the pool: the fix passes tx.
func (h *Handler) Pay(ctx context.Context, key string, o claimstore.Order) error {
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := claimstore.Claim(ctx, h.db, key); err != nil { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 68 in a transaction[^;]*; make the claim on tx, the write's transaction, or let runtime/claim's Claimer.Do`
		return err
	}
	if err := h.store.SaveOrderTx(ctx, tx, o); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the marker guards only an HTTP call (persist intent, then
// call the provider): nothing to commit together.
func (h *Handler) Notify(ctx context.Context, eventID string) error {
	if err := h.store.MarkProcessed(ctx, eventID); err != nil {
		return err
	}
	_, err := http.Get("https://hooks.example/notify?event=" + eventID)
	return err
}

// KeyRepo is a repository whose body claimtx cannot see.
type KeyRepo interface {
	TryClaim(ctx context.Context, db *sql.DB, key string) (bool, error)
	MarkProcessed(ctx context.Context, eventID string) error
}

// A claim-named interface method handed the pool.
func (h *Handler) PayRepo(ctx context.Context, keys KeyRepo, key string, o claimstore.Order) error {
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if ok, err := keys.TryClaim(ctx, h.db, key); err != nil || !ok { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 100 in a transaction`
		return err
	}
	if err := h.store.SaveOrderTx(ctx, tx, o); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the repository's handle cannot be seen (it may carry the
// transaction in ctx).
func (h *Handler) PayRepoHidden(ctx context.Context, keys KeyRepo, eventID string, o claimstore.Order) error {
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := keys.MarkProcessed(ctx, eventID); err != nil {
		return err
	}
	if err := h.store.SaveOrderTx(ctx, tx, o); err != nil {
		return err
	}
	return tx.Commit()
}
