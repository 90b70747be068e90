// Package tableparams keeps waitlists in tables a generic helper names
// by a parameter concatenated into its SQL.
package tableparams

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Mailer interface {
	Send(ctx context.Context, to, template string) error
}

type Waitlists struct {
	db     *sql.DB
	pool   *pgxpool.Pool
	mailer Mailer
}

// isListed looks the address up in the table its caller names.
func (w *Waitlists) isListed(ctx context.Context, table, sku, email string) (bool, error) {
	var listed bool
	err := w.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+table+` WHERE sku = $1 AND email = $2)`, sku, email).Scan(&listed)
	return listed, err
}

// Two joins of one address both find it unlisted, both add a row and
// both mail.
func (w *Waitlists) Join(ctx context.Context, sku, email string) error {
	listed, err := w.isListed(ctx, "waitlist", sku, email) // want `check-then-act race: the existence check isListed and the insert at line \d+ are separate steps`
	if err != nil || listed {
		return err
	}
	if _, err := w.db.ExecContext(ctx, `INSERT INTO waitlist (sku, email) VALUES ($1, $2)`, sku, email); err != nil {
		return err
	}
	return w.mailer.Send(ctx, email, "waitlist_joined")
}

// Near miss: the helper is asked about another table than the one the
// insert adds to.
func (w *Waitlists) JoinAfterAlert(ctx context.Context, sku, email string) error {
	alerted, err := w.isListed(ctx, "restock_alerts", sku, email)
	if err != nil || !alerted {
		return err
	}
	_, err = w.db.ExecContext(ctx, `INSERT INTO waitlist (sku, email) VALUES ($1, $2)`, sku, email)
	return err
}

// The same helper, its query inside a transaction's closure.
func (w *Waitlists) isListedTx(ctx context.Context, table, sku, email string) (bool, error) {
	var listed bool
	err := pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+table+` WHERE sku = $1 AND email = $2)`, sku, email).Scan(&listed)
	})
	return listed, err
}

func (w *Waitlists) JoinTx(ctx context.Context, sku, email string) error {
	listed, err := w.isListedTx(ctx, "waitlist", sku, email) // want `check-then-act race: the existence check isListedTx and the insert at line \d+ are separate steps`
	if err != nil || listed {
		return err
	}
	if _, err := w.db.ExecContext(ctx, `INSERT INTO waitlist (sku, email) VALUES ($1, $2)`, sku, email); err != nil {
		return err
	}
	return w.mailer.Send(ctx, email, "waitlist_joined")
}
