package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"example.com/shop2/internal/db/ledger"
)

// CarrierHandler receives tracking updates from the carrier aggregator,
// which delivers at least once.
type CarrierHandler struct {
	db     *sql.DB
	q      *ledger.Queries
	secret []byte
	log    *slog.Logger
}

func NewCarrierHandler(db *sql.DB, secret string, log *slog.Logger) *CarrierHandler {
	return &CarrierHandler{db: db, q: ledger.New(db), secret: []byte(secret), log: log}
}

type trackingEvent struct {
	ID             string    `json:"id"`
	Type           string    `json:"type"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	OccurredAt     time.Time `json:"occurred_at"`
}

func (h *CarrierHandler) verify(body []byte, sig string) bool {
	mac := hmac.New(sha256.New, h.secret)
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig))
}

func (h *CarrierHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil || !h.verify(body, r.Header.Get("X-Carrier-Signature")) {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	var ev trackingEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}

	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	defer tx.Rollback()
	qtx := h.q.WithTx(tx)

	n, err := qtx.InsertWebhookEventIfAbsent(ctx, ledger.InsertWebhookEventIfAbsentParams{ID: ev.ID, Source: "carrier", Type: ev.Type})
	if err != nil {
		h.log.ErrorContext(ctx, "record carrier event", "event", ev.ID, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if n == 0 {
		w.WriteHeader(http.StatusOK)
		return
	}
	if err := qtx.UpdateShipmentTracking(ctx, ledger.UpdateShipmentTrackingParams{
		TrackingNumber:    ev.TrackingNumber,
		TrackingStatus:    ev.Status,
		TrackingUpdatedAt: ev.OccurredAt,
	}); err != nil {
		h.log.ErrorContext(ctx, "update tracking", "tracking", ev.TrackingNumber, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if ev.Type == "delivery_attempted" {
		if _, err := tx.ExecContext(ctx,
			`UPDATE shipments SET delivery_attempts = delivery_attempts + 1 WHERE tracking_number = $1`,
			ev.TrackingNumber); err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
	}
	if err := tx.Commit(); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}
