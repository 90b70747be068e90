// Package uniquekeyed consumes transfers whose ledger refuses a second
// row for one reference: a handler that answers that refusal as success
// is deduped by the reference's unique key.
package uniquekeyed

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"

	"uniquekeyed/store"
)

type Handler struct{ ledger *store.Ledger }

// Near miss: a redelivered transfer fails on its reference, and the
// handler answers that as done; the rejection path is keyed the same way.
func (h *Handler) OnTransfer(ctx context.Context, m kafka.Message) error {
	var t store.Transfer
	if err := json.Unmarshal(m.Value, &t); err != nil {
		return err
	}
	err := h.ledger.Record(ctx, t)
	if store.IsDuplicateReference(err) {
		return nil
	}
	if err != nil {
		return h.ledger.Reject(ctx, t)
	}
	return nil
}

// The same handler with a rejection that also calls a webhook: the
// reference refuses the row, not the call.
func (h *Handler) OnTransferNotify(ctx context.Context, m kafka.Message) error {
	var t store.Transfer
	if err := json.Unmarshal(m.Value, &t); err != nil {
		return err
	}
	err := h.ledger.Record(ctx, t)
	if store.IsDuplicateReference(err) {
		return nil
	}
	if err != nil {
		return h.ledger.RejectAndNotify(ctx, t) // want `RejectAndNotify, which adds a row or adds to a value on every run, runs again for every delivery`
	}
	return nil
}

// Without the answer, the redelivery records the transfer again.
func (h *Handler) OnTransferUnanswered(ctx context.Context, m kafka.Message) error {
	var t store.Transfer
	if err := json.Unmarshal(m.Value, &t); err != nil {
		return err
	}
	if err := h.ledger.Record(ctx, t); err != nil { // want `Record, which adds a row or adds to a value on every run, runs again for every delivery`
		return h.ledger.Reject(ctx, t) // want `Reject, which adds a row or adds to a value on every run, runs again for every delivery`
	}
	return nil
}
