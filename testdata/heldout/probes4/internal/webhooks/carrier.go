package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/clients/mailer"
)

type carrierEvent struct {
	ID           string `json:"event_id"`
	Status       string `json:"status"`
	TrackingCode string `json:"tracking_code"`
	Location     string `json:"location"`
}

var carrierStates = map[string]int32{"in_transit": 2, "delivered": 3, "lost": 4}

type CarrierEvents struct {
	pool *pgxpool.Pool
	log  EventLog
	mail mailer.Mailer
}

func NewCarrierEvents(pool *pgxpool.Pool, log EventLog, m mailer.Mailer) *CarrierEvents {
	return &CarrierEvents{pool: pool, log: log, mail: m}
}

func (h *CarrierEvents) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var ev carrierEvent
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if err := h.handle(r.Context(), ev); err != nil {
		slog.ErrorContext(r.Context(), "carrier webhook", "event", ev.ID, "err", err)
		http.Error(w, "retry later", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (h *CarrierEvents) handle(ctx context.Context, ev carrierEvent) error {
	seen, err := h.log.Seen(ctx, "carrier", ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	var email string
	fresh := false
	err = pgx.BeginFunc(ctx, h.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx,
			`INSERT INTO processed_webhooks (provider, event_id, type) VALUES ('carrier', $1, $2)
			 ON CONFLICT (provider, event_id) DO NOTHING`, ev.ID, ev.Status)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		fresh = true
		if _, err := tx.Exec(ctx,
			`INSERT INTO shipment_events (tracking_code, status, location) VALUES ($1, $2, $3)`,
			ev.TrackingCode, ev.Status, ev.Location); err != nil {
			return err
		}
		if st, ok := carrierStates[ev.Status]; ok {
			err := tx.QueryRow(ctx,
				`UPDATE shipments SET state = $2, updated_at = now() WHERE tracking_code = $1 RETURNING email`,
				ev.TrackingCode, st).Scan(&email)
			if errors.Is(err, pgx.ErrNoRows) {
				slog.WarnContext(ctx, "carrier event for unknown parcel", "tracking", ev.TrackingCode)
				return nil
			}
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	if fresh && ev.Status == "delivered" && email != "" {
		if err := h.mail.Send(ctx, mailer.Message{To: email, Template: "parcel-delivered", Data: map[string]any{"tracking": ev.TrackingCode}}); err != nil {
			slog.WarnContext(ctx, "delivered mail", "tracking", ev.TrackingCode, "err", err)
		}
	}
	return nil
}
