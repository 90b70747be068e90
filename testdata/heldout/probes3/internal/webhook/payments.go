// Package webhook receives the card processor's event callbacks.
package webhook

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/jackc/pgx/v5"

	"example.com/shop3/internal/store/pgstore"
)

type Events interface {
	Exists(ctx context.Context, provider, eventID string) (bool, error)
	Insert(ctx context.Context, provider, eventID, payload string) error
	Once(ctx context.Context, provider, eventID, payload string, fn func(pgx.Tx) error) (bool, error)
}

// Fulfiller completes a paid order: it marks it paid and mails the receipt.
type Fulfiller interface {
	FulfillPaid(ctx context.Context, orderID int64, paymentRef string) error
}

type Handler struct {
	Events    Events
	Fulfiller Fulfiller
}

type event struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data struct {
		OrderID   int64  `json:"order_id"`
		ChargeRef string `json:"charge"`
	} `json:"data"`
}

func readEvent(r *http.Request) (event, string, error) {
	var ev event
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return ev, "", err
	}
	err = json.Unmarshal(body, &ev)
	return ev, string(body), err
}

// Processor handles charge.succeeded from the processor; it retries any
// delivery not answered 2xx within 10 seconds.
func (h *Handler) Processor(w http.ResponseWriter, r *http.Request) {
	ev, raw, err := readEvent(r)
	if err != nil || ev.ID == "" {
		http.Error(w, "bad event", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	seen, err := h.Events.Exists(ctx, "processor", ev.ID)
	if err != nil {
		http.Error(w, "retry", http.StatusServiceUnavailable)
		return
	}
	if seen || ev.Type != "charge.succeeded" {
		w.WriteHeader(http.StatusOK)
		return
	}
	if err := h.Fulfiller.FulfillPaid(ctx, ev.Data.OrderID, ev.Data.ChargeRef); err != nil {
		http.Error(w, "retry", http.StatusServiceUnavailable)
		return
	}
	if err := h.Events.Insert(ctx, "processor", ev.ID, raw); err != nil {
		http.Error(w, "retry", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// Wallet handles the wallet provider's payment.completed: the event row,
// the order update and the outbox row commit together.
func (h *Handler) Wallet(w http.ResponseWriter, r *http.Request) {
	ev, raw, err := readEvent(r)
	if err != nil || ev.ID == "" {
		http.Error(w, "bad event", http.StatusBadRequest)
		return
	}
	if ev.Type != "payment.completed" {
		w.WriteHeader(http.StatusOK)
		return
	}
	_, err = h.Events.Once(r.Context(), "wallet", ev.ID, raw, func(tx pgx.Tx) error {
		return pgstore.MarkOrderPaidTx(r.Context(), tx, ev.Data.OrderID, ev.Data.ChargeRef)
	})
	if err != nil {
		http.Error(w, "retry", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusOK)
}
