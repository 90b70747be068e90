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

// Near miss: a rejection that also calls a webhook runs only after the
// keyed write failed; a redelivery stops at that write first.
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
		return h.ledger.RejectAndNotify(ctx, t)
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

// Near miss: the same answer after a helper whose body mixes reads,
// updates and deletes.
func (h *Handler) OnSettle(ctx context.Context, m kafka.Message) error {
	var t store.Transfer
	if err := json.Unmarshal(m.Value, &t); err != nil {
		return err
	}
	err := h.ledger.Apply(ctx, t)
	if store.IsDuplicateReference(err) {
		return nil
	}
	return err
}

// A write before the keyed one runs again on every delivery: the
// redelivery reaches the reference's violation only after it.
func (h *Handler) OnTransferRejectFirst(ctx context.Context, m kafka.Message) error {
	var t store.Transfer
	if err := json.Unmarshal(m.Value, &t); err != nil {
		return err
	}
	if err := h.ledger.Reject(ctx, t); err != nil { // want `Reject, which adds a row or adds to a value on every run, runs again for every delivery`
		return err
	}
	err := h.ledger.Record(ctx, t)
	if store.IsDuplicateReference(err) {
		return nil
	}
	return err
}

// Near miss: the helper answers the violation itself.
func (h *Handler) OnTransferOnce(ctx context.Context, m kafka.Message) error {
	var t store.Transfer
	if err := json.Unmarshal(m.Value, &t); err != nil {
		return err
	}
	return h.ledger.RecordOnce(ctx, t)
}
