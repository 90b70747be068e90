package sqlxstore

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"example.com/fleet6/internal/domain"
)

type InvoiceNumbers struct{ DB *sqlx.DB }

// Issue inserts the merchant's invoice for the period.
// invoices_merchant_period_key allows one invoice per merchant and period.
func (s InvoiceNumbers) Issue(ctx context.Context, inv *domain.Invoice) error {
	rows, err := s.DB.NamedQueryContext(ctx,
		`INSERT INTO invoices (merchant_id, number, period, amount_cents, status)
		 VALUES (:merchant_id, :number, :period, :amount_cents, 'open') RETURNING id`, inv)
	if err != nil {
		if uniqueViolation(err) {
			return domain.ErrDuplicateInvoice
		}
		return fmt.Errorf("issue invoice: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		return rows.Scan(&inv.ID)
	}
	return rows.Err()
}

// IssueCreditNote inserts a credit note; credit_notes_invoice_key allows
// one per invoice.
func (s InvoiceNumbers) IssueCreditNote(ctx context.Context, invoiceID, amount int64, reason string) error {
	_, err := s.DB.ExecContext(ctx,
		`INSERT INTO credit_notes (invoice_id, amount_cents, reason) VALUES ($1, $2, $3)`,
		invoiceID, amount, reason)
	if uniqueViolation(err) {
		return fmt.Errorf("credit note for invoice %d: %w", invoiceID, domain.ErrDuplicateInvoice)
	}
	if err != nil {
		return fmt.Errorf("issue credit note: %w", err)
	}
	return nil
}

func (s InvoiceNumbers) NextNumber(ctx context.Context, merchantID int64) (string, error) {
	var n int64
	if err := s.DB.GetContext(ctx, &n, `SELECT nextval('invoice_numbers')`); err != nil {
		return "", err
	}
	return fmt.Sprintf("F6-%d-%06d", merchantID, n), nil
}
