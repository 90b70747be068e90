package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"

	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/sqlxstore"
)

// OrderEvent is published on the order-events log by the checkout flow and
// by the payment provider webhook.
type OrderEvent struct {
	ID             string `json:"id"`
	Type           string `json:"type"`
	OrderID        int64  `json:"order_id"`
	EventID        int64  `json:"event_id"`
	OrganizerID    int64  `json:"organizer_id"`
	OrganizerEmail string `json:"organizer_email"`
	AmountCents    int64  `json:"amount_cents"`
	FeeCents       int64  `json:"fee_cents"`
}

// OrganizerLedger keeps event organizers' payable balances in step with
// ticket sales and refunds.
type OrganizerLedger struct {
	DB     *sqlx.DB
	Mailer effects.Mailer
	Log    *slog.Logger
}

// Start subscribes both handlers.
func (l *OrganizerLedger) Start(ctx context.Context, sub Subscriber) error {
	if err := sub.Subscribe(ctx, "organizer-ledger-sales", []string{"orders.paid"}, l.HandleSale); err != nil {
		return err
	}
	return sub.Subscribe(ctx, "organizer-ledger-refunds", []string{"orders.refunded"}, l.HandleRefund)
}

// HandleSale credits the organizer with the net ticket revenue.
func (l *OrganizerLedger) HandleSale(ctx context.Context, m Message) error {
	var ev OrderEvent
	if err := json.Unmarshal(m.Value(), &ev); err != nil {
		l.Log.Error("bad order event", "offset", m.Offset(), "err", err)
		return m.Commit(ctx)
	}
	net := ev.AmountCents - ev.FeeCents
	if net <= 0 {
		return m.Commit(ctx)
	}
	_, err := l.DB.ExecContext(ctx,
		`INSERT INTO organizer_balances (organizer_id, balance_cents) VALUES ($1, $2)
		 ON CONFLICT (organizer_id) DO UPDATE SET balance_cents = organizer_balances.balance_cents + EXCLUDED.balance_cents, updated_at = now()`,
		ev.OrganizerID, net)
	if err != nil {
		return fmt.Errorf("credit organizer %d: %w", ev.OrganizerID, sqlxstore.MapErr(err))
	}
	if ev.OrganizerEmail != "" {
		_, _ = l.Mailer.Send(ctx, effects.Email{
			To:       ev.OrganizerEmail,
			Subject:  "You sold a ticket",
			Template: "organizer_sale",
			Data:     map[string]any{"order_id": ev.OrderID, "net_cents": net},
		})
	}
	return m.Commit(ctx)
}

// HandleRefund debits the organizer for a refunded order. The event id is
// recorded in processed_events in the same transaction as the debit.
func (l *OrganizerLedger) HandleRefund(ctx context.Context, m Message) error {
	var ev OrderEvent
	if err := json.Unmarshal(m.Value(), &ev); err != nil {
		l.Log.Error("bad order event", "offset", m.Offset(), "err", err)
		return m.Commit(ctx)
	}
	net := ev.AmountCents - ev.FeeCents
	err := sqlxstore.InTx(ctx, l.DB, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`, ev.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		_, err = tx.ExecContext(ctx,
			`UPDATE organizer_balances SET balance_cents = balance_cents - $2, updated_at = now() WHERE organizer_id = $1`,
			ev.OrganizerID, net)
		return err
	})
	if err != nil {
		return fmt.Errorf("debit organizer %d: %w", ev.OrganizerID, sqlxstore.MapErr(err))
	}
	return m.Commit(ctx)
}
