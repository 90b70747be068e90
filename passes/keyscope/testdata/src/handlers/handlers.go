package handlers

import (
	"context"

	"repo"
)

type Handler struct{ keys *repo.Keys }

type Account struct {
	ID   string
	Name string
}

func (h *Handler) Charge(ctx context.Context, account *Account, idempotencyKey string) error {
	_, err := h.keys.GetByKey(ctx, idempotencyKey) // want `GetByKey looks the idempotency key up in idempotency_keys by idempotency_key alone while account is in scope here`
	return err
}

// Near miss: the caller passes the owner to a scoped lookup.
func (h *Handler) ChargeScoped(ctx context.Context, account *Account, idempotencyKey string) error {
	_, err := h.keys.GetScoped(ctx, account.ID, idempotencyKey)
	return err
}

// Near miss: a caller with no owner in scope (a single-tenant tool).
func (h *Handler) Inspect(ctx context.Context, idempotencyKey string) error {
	_, err := h.keys.GetByKey(ctx, idempotencyKey)
	return err
}
