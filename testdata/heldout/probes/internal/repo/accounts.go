package repo

import (
	"context"
	"database/sql"
	"errors"

	"example.com/probes/internal/domain"
)

// AccountRepo uses database/sql.
type AccountRepo struct {
	DB *sql.DB
}

func (r *AccountRepo) Get(ctx context.Context, id int64) (domain.Account, error) {
	var a domain.Account
	err := r.DB.QueryRowContext(ctx, `SELECT id, user_id, balance, currency FROM accounts WHERE id = $1`, id).
		Scan(&a.ID, &a.UserID, &a.Balance, &a.Currency)
	if errors.Is(err, sql.ErrNoRows) {
		return a, domain.ErrNotFound
	}
	return a, err
}

// Credit adds amount to the balance.
func (r *AccountRepo) Credit(ctx context.Context, id, amount int64) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, id)
	return err
}

// Debit takes amount off the balance.
func (r *AccountRepo) Debit(ctx context.Context, id, amount int64) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE accounts SET balance = balance - $1 WHERE id = $2`, amount, id)
	return err
}

// DebitIfEnough takes amount only when the balance covers it.
func (r *AccountRepo) DebitIfEnough(ctx context.Context, id, amount int64) (bool, error) {
	res, err := r.DB.ExecContext(ctx, `UPDATE accounts SET balance = balance - $1 WHERE id = $2 AND balance >= $1`, amount, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *AccountRepo) AddLedgerEntry(ctx context.Context, accountID, amount int64, reason string) error {
	_, err := r.DB.ExecContext(ctx, `INSERT INTO ledger_entries (account_id, amount, reason) VALUES ($1, $2, $3)`, accountID, amount, reason)
	return err
}
