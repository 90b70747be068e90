// Package webhook receives provider webhooks.
package webhook

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"example.com/shop2/internal/db/ledger"
	"example.com/shop2/internal/notify"
)

const maxBody = 64 << 10

// StripeHandler handles Stripe events. Stripe retries any delivery that
// does not get a 2xx within its timeout.
type StripeHandler struct {
	q      *ledger.Queries
	secret string
	mailer notify.Mailer
	log    *slog.Logger
}

func NewStripeHandler(db *sql.DB, secret string, mailer notify.Mailer, log *slog.Logger) *StripeHandler {
	return &StripeHandler{q: ledger.New(db), secret: secret, mailer: mailer, log: log}
}

func (h *StripeHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	ev, err := webhook.ConstructEvent(payload, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}

	seen, err := h.q.WebhookEventExists(ctx, ledger.WebhookEventExistsParams{Source: "stripe", ID: ev.ID})
	if err != nil {
		h.log.ErrorContext(ctx, "webhook dedup lookup", "event", ev.ID, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if seen {
		w.WriteHeader(http.StatusOK)
		return
	}

	if err := h.dispatch(ctx, ev); err != nil {
		h.log.ErrorContext(ctx, "handle stripe event", "event", ev.ID, "type", ev.Type, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if err := h.q.InsertWebhookEvent(ctx, ledger.InsertWebhookEventParams{ID: ev.ID, Source: "stripe", Type: string(ev.Type)}); err != nil {
		h.log.WarnContext(ctx, "record stripe event", "event", ev.ID, "err", err)
	}
	w.WriteHeader(http.StatusOK)
}

func (h *StripeHandler) dispatch(ctx context.Context, ev stripe.Event) error {
	switch ev.Type {
	case stripe.EventTypeCheckoutSessionCompleted:
		var sess stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &sess); err != nil {
			return fmt.Errorf("decode checkout session: %w", err)
		}
		return h.fulfillCheckout(ctx, &sess)
	default:
		h.log.DebugContext(ctx, "ignoring stripe event", "type", ev.Type)
		return nil
	}
}

func (h *StripeHandler) fulfillCheckout(ctx context.Context, sess *stripe.CheckoutSession) error {
	email := ""
	if sess.CustomerDetails != nil {
		email = sess.CustomerDetails.Email
	}
	f, err := h.q.CreateFulfillment(ctx, ledger.CreateFulfillmentParams{
		CheckoutSession: sess.ID,
		OrderRef:        sess.ClientReferenceID,
		Email:           email,
	})
	if err != nil {
		return fmt.Errorf("create fulfillment for %s: %w", sess.ID, err)
	}
	if email == "" {
		return nil
	}
	return h.mailer.Send(ctx, notify.Message{
		To:       email,
		Subject:  "Thanks for your order",
		Template: "order_confirmation",
		Data:     map[string]any{"order_ref": f.OrderRef, "amount": sess.AmountTotal, "currency": sess.Currency},
	})
}
