package claimtx

import (
	"context"
	"database/sql"
)

const (
	claimKeySQL = `INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2) ON CONFLICT DO NOTHING`
	debitSQL    = `UPDATE accounts SET balance = balance - $1 WHERE id = $2`
)

type Payments struct {
	db *sql.DB
}

// Debit claims on the pool while the debit waits for the tx.
func (p *Payments) Debit(ctx context.Context, tenant, key string, account, amount int64) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := p.db.ExecContext(ctx, claimKeySQL, tenant, key) // want:claimtx
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, debitSQL, amount, account); err != nil {
		return err
	}
	return tx.Commit()
}

// DebitTx claims and debits on one transaction.
func (p *Payments) DebitTx(ctx context.Context, tenant, key string, account, amount int64) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, claimKeySQL, tenant, key)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, debitSQL, amount, account); err != nil {
		return err
	}
	return tx.Commit()
}

// DebitTwoTx commits the claim's transaction before the debit's begins.
func (p *Payments) DebitTwoTx(ctx context.Context, tenant, key string, account, amount int64) error {
	claimTx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	res, err := claimTx.ExecContext(ctx, claimKeySQL, tenant, key) // want:claimtx
	if err != nil {
		claimTx.Rollback()
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		claimTx.Rollback()
		return err
	}
	if err := claimTx.Commit(); err != nil {
		return err
	}
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, debitSQL, amount, account); err != nil {
		return err
	}
	return tx.Commit()
}

// DebitErrOnly never looks at the claim's rows affected: a duplicate
// carries on, so a retry after a crash redoes the debit instead of losing
// it. Not claimtx's finding; checkthenact's ignored claim: the duplicate
// debits again.
func (p *Payments) DebitErrOnly(ctx context.Context, tenant, key string, account, amount int64) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := p.db.ExecContext(ctx, claimKeySQL, tenant, key); err != nil { // want:checkthenact
		return err
	}
	if _, err := tx.ExecContext(ctx, debitSQL, amount, account); err != nil {
		return err
	}
	return tx.Commit()
}
