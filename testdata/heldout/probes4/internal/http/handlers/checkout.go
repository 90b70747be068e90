package handlers

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"net/http"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/http/middleware"
	"example.com/shop4/internal/service/checkout"
)

func requestHash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func replay(w http.ResponseWriter, rec domain.IdempotencyRecord) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Idempotent-Replayed", "true")
	w.WriteHeader(rec.StatusCode)
	_, _ = w.Write(rec.Body)
}

// createOrder places an order from the web cart. Clients send an
// Idempotency-Key and retry on timeouts.
func (a *API) createOrder(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	user := middleware.CurrentUser(ctx)
	var req checkout.PlaceOrderRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, "invalid order")
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if key != "" {
		rec, found, err := a.Idempotency.Lookup(ctx, user.ID, key)
		if err != nil {
			fail(w, r, err)
			return
		}
		if found {
			replay(w, rec)
			return
		}
	}
	order, err := a.Checkout.PlaceOrder(ctx, user.ID, req)
	if err != nil {
		fail(w, r, err)
		return
	}
	body, _ := json.Marshal(order)
	if key != "" {
		rec := domain.IdempotencyRecord{UserID: user.ID, Key: key, RequestHash: requestHash(req), StatusCode: http.StatusCreated, Body: body}
		if err := a.Idempotency.Save(ctx, rec); err != nil {
			slog.ErrorContext(ctx, "save idempotency record", "key", key, "err", err)
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write(body)
}

type subscriptionRequest struct {
	Plan        string `json:"plan"`
	AmountCents int64  `json:"amount_cents"`
	Source      string `json:"source"`
}

// createSubscription starts a paid plan. The Idempotency-Key is mandatory.
func (a *API) createSubscription(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	user := middleware.CurrentUser(ctx)
	var req subscriptionRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, "invalid subscription")
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		badRequest(w, "Idempotency-Key header is required")
		return
	}
	hash := requestHash(req)
	rec, found, err := a.Idempotency.Lookup(ctx, user.ID, key)
	if err != nil {
		fail(w, r, err)
		return
	}
	if found {
		a.answerExisting(w, rec, hash)
		return
	}
	claimed, err := a.Idempotency.Claim(ctx, user.ID, key, hash)
	if err != nil {
		fail(w, r, err)
		return
	}
	if !claimed {
		rec, _, err := a.Idempotency.Lookup(ctx, user.ID, key)
		if err != nil {
			fail(w, r, err)
			return
		}
		a.answerExisting(w, rec, hash)
		return
	}
	sub, err := a.Billing.StartSubscription(ctx, user, req.Plan, req.AmountCents, req.Source)
	if err != nil {
		if rerr := a.Idempotency.Release(ctx, user.ID, key); rerr != nil {
			slog.ErrorContext(ctx, "release idempotency key", "key", key, "err", rerr)
		}
		fail(w, r, err)
		return
	}
	body, _ := json.Marshal(sub)
	if err := a.Idempotency.Complete(ctx, user.ID, key, http.StatusCreated, body); err != nil {
		slog.ErrorContext(ctx, "complete idempotency key", "key", key, "err", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write(body)
}

func (a *API) answerExisting(w http.ResponseWriter, rec domain.IdempotencyRecord, hash string) {
	switch {
	case rec.RequestHash != hash:
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"error": "Idempotency-Key reused with a different request"})
	case rec.State != "done":
		writeJSON(w, http.StatusConflict, map[string]string{"error": "request with this key is in progress"})
	default:
		replay(w, rec)
	}
}

func (a *API) payOrder(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		badRequest(w, "bad order id")
		return
	}
	var req struct {
		Source string `json:"source"`
	}
	if err := decode(r, &req); err != nil {
		badRequest(w, "source is required")
		return
	}
	p, err := a.Checkout.PayOrder(r.Context(), id, req.Source)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (a *API) guestCheckout(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email string                     `json:"email"`
		Name  string                     `json:"name"`
		Order checkout.PlaceOrderRequest `json:"order"`
	}
	if err := decode(r, &req); err != nil || req.Email == "" {
		badRequest(w, "email is required")
		return
	}
	c, err := a.Checkout.GuestCustomer(r.Context(), req.Email, req.Name)
	if err != nil {
		fail(w, r, err)
		return
	}
	order, err := a.Checkout.PlaceOrder(r.Context(), 0, req.Order)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"customer_id": c.ID, "order": order})
}
