// Package webhooks receives event callbacks from the payment processor and
// the carrier. Both providers retry a callback until it is answered with a
// 2xx, and both may deliver the same event more than once.
package webhooks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

type EventLog interface {
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	Record(ctx context.Context, provider, eventID, typ string) error
}

type PointsStore interface {
	AddPoints(ctx context.Context, userID, points int64) error
}

type paymentEvent struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data struct {
		ChargeID string `json:"charge_id"`
		OrderID  int64  `json:"order_id"`
		Amount   int64  `json:"amount"`
	} `json:"data"`
}

type PaymentEvents struct {
	secret []byte
	log    EventLog
	orders store.OrderStore
	users  store.UserStore
	points PointsStore
	mail   mailer.Mailer
}

func NewPaymentEvents(secret string, log EventLog, orders store.OrderStore, users store.UserStore, points PointsStore, m mailer.Mailer) *PaymentEvents {
	return &PaymentEvents{secret: []byte(secret), log: log, orders: orders, users: users, points: points, mail: m}
}

func verify(secret []byte, body []byte, sig string) bool {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}

func (h *PaymentEvents) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read error", http.StatusBadRequest)
		return
	}
	if !verify(h.secret, body, r.Header.Get("X-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var ev paymentEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if err := h.handle(r.Context(), ev); err != nil {
		slog.ErrorContext(r.Context(), "payment webhook", "event", ev.ID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *PaymentEvents) handle(ctx context.Context, ev paymentEvent) error {
	seen, err := h.log.Seen(ctx, "payments", ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	switch ev.Type {
	case "charge.succeeded":
		if err := h.onChargeSucceeded(ctx, ev); err != nil {
			return err
		}
	case "charge.refunded":
		if err := h.onChargeRefunded(ctx, ev); err != nil {
			return err
		}
	default:
		slog.InfoContext(ctx, "ignoring payment event", "type", ev.Type)
	}
	return h.log.Record(ctx, "payments", ev.ID, ev.Type)
}

func (h *PaymentEvents) onChargeSucceeded(ctx context.Context, ev paymentEvent) error {
	order, err := h.orders.Get(ctx, ev.Data.OrderID)
	if err != nil {
		return err
	}
	now := time.Now()
	order.Status = domain.OrderPaid
	order.ChargeID = ev.Data.ChargeID
	order.PaidAt = &now
	if err := h.orders.Save(ctx, order); err != nil {
		return err
	}
	if err := h.points.AddPoints(ctx, order.UserID, order.PayableCents()/100); err != nil {
		return err
	}
	return h.sendPaymentReceived(ctx, order)
}

func (h *PaymentEvents) sendPaymentReceived(ctx context.Context, order *domain.Order) error {
	u, err := h.users.ByID(ctx, order.UserID)
	if err != nil {
		return err
	}
	return h.mail.Send(ctx, mailer.Message{To: u.Email, Template: "payment-received", Data: map[string]any{
		"order": order.ID, "amount": order.PayableCents(), "currency": order.Currency,
	}})
}

func (h *PaymentEvents) onChargeRefunded(ctx context.Context, ev paymentEvent) error {
	order, err := h.orders.Get(ctx, ev.Data.OrderID)
	if err != nil {
		return err
	}
	order.Status = domain.OrderRefunded
	return h.orders.Save(ctx, order)
}
