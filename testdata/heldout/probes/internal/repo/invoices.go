package repo

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"example.com/probes/internal/domain"
)

type InvoiceRepo struct {
	db *sqlx.DB
}

func NewInvoiceRepo(db *sqlx.DB) *InvoiceRepo { return &InvoiceRepo{db: db} }

func (r *InvoiceRepo) DB() *sqlx.DB { return r.db }

func (r *InvoiceRepo) Find(ctx context.Context, id int64) (domain.Invoice, error) {
	var inv domain.Invoice
	err := r.db.GetContext(ctx, &inv, `SELECT id, account_id, amount, status, paid_at FROM invoices WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return inv, domain.ErrNotFound
	}
	return inv, err
}

func (r *InvoiceRepo) SetStatus(ctx context.Context, id int64, status string, paidAt time.Time) error {
	_, err := r.db.ExecContext(ctx, `UPDATE invoices SET status = $1, paid_at = $2 WHERE id = $3`, status, paidAt, id)
	return err
}

// FindForUpdate reads the invoice on tx with a row lock.
func FindInvoiceForUpdate(ctx context.Context, tx *sqlx.Tx, id int64) (domain.Invoice, error) {
	var inv domain.Invoice
	err := tx.GetContext(ctx, &inv, `SELECT id, account_id, amount, status, paid_at FROM invoices WHERE id = $1 FOR UPDATE`, id)
	return inv, err
}
