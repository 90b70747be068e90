package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/repo"
)

type InvoiceStore interface {
	Find(ctx context.Context, id int64) (domain.Invoice, error)
	SetStatus(ctx context.Context, id int64, status string, paidAt time.Time) error
	DB() *sqlx.DB
}

// Settlement applies "invoice paid" notifications from the bank.
type Settlement struct {
	invoices InvoiceStore
	accounts Accounts
	now      func() time.Time
}

func NewSettlement(i InvoiceStore, a Accounts) *Settlement {
	return &Settlement{invoices: i, accounts: a, now: time.Now}
}

// MarkPaid credits the account with the invoice amount and closes the invoice.
func (s *Settlement) MarkPaid(ctx context.Context, invoiceID int64) error {
	inv, err := s.invoices.Find(ctx, invoiceID) // L:F2b
	if err != nil {
		return err
	}
	if inv.Status == domain.InvoicePaid {
		return nil // already settled
	}
	if err := s.applyCredit(ctx, inv); err != nil {
		return err
	}
	return s.invoices.SetStatus(ctx, inv.ID, domain.InvoicePaid, s.now())
}

func (s *Settlement) applyCredit(ctx context.Context, inv domain.Invoice) error {
	if err := s.accounts.Credit(ctx, inv.AccountID, inv.Amount); err != nil {
		return fmt.Errorf("credit: %w", err)
	}
	return s.accounts.AddLedgerEntry(ctx, inv.AccountID, inv.Amount, fmt.Sprintf("invoice %d", inv.ID))
}

// MarkPaidTx does it all in one transaction after locking the invoice row.
func (s *Settlement) MarkPaidTx(ctx context.Context, invoiceID int64) error {
	tx, err := s.invoices.DB().BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	inv, err := repo.FindInvoiceForUpdate(ctx, tx, invoiceID) // L:F2b-safe
	if err != nil {
		return err
	}
	if inv.Status == domain.InvoicePaid {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, inv.Amount, inv.AccountID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger_entries (account_id, amount, reason) VALUES ($1, $2, $3)`,
		inv.AccountID, inv.Amount, fmt.Sprintf("invoice %d", inv.ID)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE invoices SET status = 'paid', paid_at = now() WHERE id = $1`, inv.ID); err != nil {
		return err
	}
	return tx.Commit()
}
