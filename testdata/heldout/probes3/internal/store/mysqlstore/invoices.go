package mysqlstore

import (
	"context"
	"database/sql"
	"time"

	sq "github.com/Masterminds/squirrel"

	"example.com/shop3/internal/domain"
)

type InvoiceRepo struct{ *Store }

var invoiceColumns = []string{"id", "tenant_id", "customer_id", "amount_cents", "currency", "status", "paid_at", "reminder_at", "meta"}

type scanner interface{ Scan(dest ...any) error }

func scanInvoice(row scanner) (domain.Invoice, error) {
	var inv domain.Invoice
	var paidAt, reminderAt sql.NullTime
	var meta []byte
	if err := row.Scan(&inv.ID, &inv.TenantID, &inv.CustomerID, &inv.AmountCents, &inv.Currency,
		&inv.Status, &paidAt, &reminderAt, &meta); err != nil {
		return inv, mapErr(err)
	}
	if paidAt.Valid {
		inv.PaidAt = &paidAt.Time
	}
	if reminderAt.Valid {
		inv.ReminderAt = &reminderAt.Time
	}
	inv.Meta = meta
	return inv, nil
}

func (r InvoiceRepo) Get(ctx context.Context, id int64) (domain.Invoice, error) {
	row := r.sb.Select(invoiceColumns...).From("invoices").Where(sq.Eq{"id": id}).
		RunWith(r.db).QueryRowContext(ctx)
	return scanInvoice(row)
}

// Save writes every column of the invoice back.
func (r InvoiceRepo) Save(ctx context.Context, inv domain.Invoice) error {
	_, err := r.sb.Update("invoices").SetMap(map[string]any{
		"customer_id":  inv.CustomerID,
		"amount_cents": inv.AmountCents,
		"currency":     inv.Currency,
		"status":       inv.Status,
		"paid_at":      inv.PaidAt,
		"reminder_at":  inv.ReminderAt,
		"meta":         []byte(inv.Meta),
	}).Where(sq.Eq{"id": inv.ID}).RunWith(r.db).ExecContext(ctx)
	return err
}

// Transition moves the invoice from one status to another and reports
// whether this call made the move.
func (r InvoiceRepo) Transition(ctx context.Context, id int64, from, to string) (bool, error) {
	res, err := r.sb.Update("invoices").Set("status", to).
		Where(sq.Eq{"id": id, "status": from}).
		RunWith(r.db).ExecContext(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// FlagReceiptSent sets meta.receipt_sent unless it is already set.
func (r InvoiceRepo) FlagReceiptSent(ctx context.Context, id int64) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		UPDATE invoices
		   SET meta = JSON_SET(COALESCE(meta, JSON_OBJECT()), '$.receipt_sent', TRUE)
		 WHERE id = ?
		   AND COALESCE(JSON_CONTAINS(meta, 'true', '$.receipt_sent'), 0) = 0`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SettleWithCredit pays an open invoice from the customer's store credit.
func (r InvoiceRepo) SettleWithCredit(ctx context.Context, id int64) (bool, error) {
	settled := false
	err := r.withTx(ctx, func(tx *sql.Tx) error {
		var status string
		var customerID, amount int64
		err := r.sb.Select("status", "customer_id", "amount_cents").From("invoices").
			Where(sq.Eq{"id": id}).Suffix("FOR UPDATE").
			RunWith(tx).QueryRowContext(ctx).Scan(&status, &customerID, &amount)
		if err != nil {
			return mapErr(err)
		}
		if status != "open" {
			return nil
		}
		res, err := r.sb.Update("accounts").
			Set("credit_cents", sq.Expr("credit_cents - ?", amount)).
			Where(sq.Eq{"user_id": customerID}).Where("credit_cents >= ?", amount).
			RunWith(tx).ExecContext(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.ErrQuotaExceeded
		}
		if _, err := r.sb.Insert("credit_ledger").
			Columns("user_id", "amount_cents", "reason", "ref").
			Values(customerID, -amount, "invoice", id).
			RunWith(tx).ExecContext(ctx); err != nil {
			return err
		}
		_, err = r.sb.Update("invoices").
			Set("status", "paid").Set("paid_at", time.Now().UTC()).
			Where(sq.Eq{"id": id}).RunWith(tx).ExecContext(ctx)
		settled = err == nil
		return err
	})
	return settled, err
}

// OverdueWithoutReminder lists open invoices past due that got no reminder.
func (r InvoiceRepo) OverdueWithoutReminder(ctx context.Context, limit uint64) ([]domain.Invoice, error) {
	rows, err := r.sb.Select(invoiceColumns...).From("invoices").
		Where(sq.Eq{"status": "open", "reminder_at": nil}).
		Where("due_at < NOW()").OrderBy("due_at").Limit(limit).
		RunWith(r.db).QueryContext(ctx)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Invoice
	for rows.Next() {
		inv, err := scanInvoice(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, inv)
	}
	return out, rows.Err()
}

func (r InvoiceRepo) SetReminderAt(ctx context.Context, id int64, at time.Time) error {
	_, err := r.sb.Update("invoices").Set("reminder_at", at).Where(sq.Eq{"id": id}).
		RunWith(r.db).ExecContext(ctx)
	return err
}

// RemindOverdue locks a batch of overdue invoices that no other worker holds,
// runs remind for each and stamps reminder_at, all in one transaction.
func (r InvoiceRepo) RemindOverdue(ctx context.Context, limit uint64, remind func(context.Context, domain.Invoice) error) (int, error) {
	done := 0
	err := r.withTx(ctx, func(tx *sql.Tx) error {
		rows, err := r.sb.Select(invoiceColumns...).From("invoices").
			Where(sq.Eq{"status": "open", "reminder_at": nil}).
			Where("due_at < NOW()").OrderBy("due_at").Limit(limit).
			Suffix("FOR UPDATE SKIP LOCKED").
			RunWith(tx).QueryContext(ctx)
		if err != nil {
			return err
		}
		var batch []domain.Invoice
		for rows.Next() {
			inv, err := scanInvoice(rows)
			if err != nil {
				rows.Close()
				return err
			}
			batch = append(batch, inv)
		}
		rows.Close()
		for _, inv := range batch {
			if err := remind(ctx, inv); err != nil {
				continue
			}
			if _, err := r.sb.Update("invoices").Set("reminder_at", sq.Expr("NOW()")).
				Where(sq.Eq{"id": inv.ID}).RunWith(tx).ExecContext(ctx); err != nil {
				return err
			}
			done++
		}
		return nil
	})
	return done, err
}
