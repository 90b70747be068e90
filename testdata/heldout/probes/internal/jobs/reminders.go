// Package jobs holds batch work.
package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"

	"example.com/probes/internal/mail"
)

type dueInvoice struct {
	ID     int64  `db:"id"`
	Email  string `db:"email"`
	Amount int64  `db:"amount"`
}

// Reminders e-mails customers about open invoices.
type Reminders struct {
	DB     *sqlx.DB
	Mailer mail.Sender
	Log    *slog.Logger
}

func (r *Reminders) due(ctx context.Context) ([]dueInvoice, error) {
	var out []dueInvoice
	err := r.DB.SelectContext(ctx, &out, `
		SELECT i.id, u.email, i.amount FROM invoices i
		JOIN accounts a ON a.id = i.account_id JOIN users u ON u.id = a.user_id
		WHERE i.status = 'open' AND i.reminded_at IS NULL`)
	return out, err
}

// SendDue sends one reminder per open invoice and marks it reminded.
func (r *Reminders) SendDue(ctx context.Context) (int, error) {
	list, err := r.due(ctx) // L:F2f
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, inv := range list {
		if err := r.Mailer.Send(ctx, inv.Email, "invoice-reminder", map[string]string{
			"invoice": fmt.Sprint(inv.ID), "amount": fmt.Sprint(inv.Amount),
		}); err != nil {
			r.Log.Warn("reminder failed", "invoice", inv.ID, "err", err)
			continue
		}
		if _, err := r.DB.ExecContext(ctx, `UPDATE invoices SET reminded_at = now() WHERE id = $1`, inv.ID); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}
