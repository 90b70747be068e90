// Package webhook receives payment-provider webhooks.
package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5"

	"example.com/probes/internal/repo"
)

type Event struct {
	ID   string          `json:"id"`
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

type topUp struct {
	AccountID int64 `json:"account_id"`
	Amount    int64 `json:"amount"`
}

type Handler struct {
	Events *repo.EventLog
	Log    *slog.Logger
}

func decodeEvent(r *http.Request) (Event, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return Event{}, err
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return Event{}, err
	}
	if ev.ID == "" {
		return Event{}, errors.New("missing event id")
	}
	return ev, nil
}

// ServeHTTP handles "topup.succeeded": the provider retries on non-2xx and may
// deliver the same event twice concurrently.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	ev, err := decodeEvent(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	done, err := h.Events.IsProcessed(ctx, ev.ID) // L:F5a
	if err != nil {
		http.Error(w, "internal", http.StatusInternalServerError)
		return
	}
	if done {
		w.WriteHeader(http.StatusOK)
		return
	}
	if err := h.apply(ctx, ev); err != nil {
		h.Log.Error("apply webhook", "event", ev.ID, "err", err)
		http.Error(w, "internal", http.StatusInternalServerError)
		return
	}
	if err := h.Events.MarkProcessed(ctx, ev.ID); err != nil {
		http.Error(w, "internal", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (h *Handler) apply(ctx context.Context, ev Event) error {
	if ev.Type != "topup.succeeded" {
		return nil
	}
	var t topUp
	if err := json.Unmarshal(ev.Data, &t); err != nil {
		return err
	}
	_, err := h.Events.Pool.Exec(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, t.Amount, t.AccountID)
	return err
}

// ServeHTTPV2 claims the event id in the transaction that credits.
func (h *Handler) ServeHTTPV2(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	ev, err := decodeEvent(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	err = pgx.BeginFunc(ctx, h.Events.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, ev.ID) // L:F5a-safe
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		if ev.Type != "topup.succeeded" {
			return nil
		}
		var t topUp
		if err := json.Unmarshal(ev.Data, &t); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, t.Amount, t.AccountID)
		return err
	})
	if err != nil {
		http.Error(w, "internal", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}
