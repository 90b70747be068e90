// Package pgxclaim exercises claimtx on pgx v5 and pgxpool.
package pgxclaim

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	claimEvent = `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`
	applyEvent = `UPDATE balances SET amount = amount + $1 WHERE account_id = $2`
)

type Consumer struct {
	pool *pgxpool.Pool
}

// The claim runs on the pool field while the tx is open: fix uses tx.
func (c *Consumer) Handle(ctx context.Context, eventID string, account, amount int64) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := c.pool.Exec(ctx, claimEvent, "ledger", eventID) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 31 in a transaction`
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: the claim on tx.
func (c *Consumer) HandleTx(ctx context.Context, eventID string, account, amount int64) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, claimEvent, "ledger", eventID)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// The BeginFunc callback claims on the captured pool, not on its tx.
func HandleFunc(ctx context.Context, pool *pgxpool.Pool, eventID string, account, amount int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		tag, err := pool.Exec(ctx, claimEvent, "ledger", eventID) // want `idempotency claim inside the transaction callback runs on the outer handle pool instead of tx, so it commits separately from the write at line 61`
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		_, err = tx.Exec(ctx, applyEvent, amount, account)
		return err
	})
}

// Near miss: the callback claims on its tx.
func HandleFuncTx(ctx context.Context, pool *pgxpool.Pool, eventID string, account, amount int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, claimEvent, "ledger", eventID)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		_, err = tx.Exec(ctx, applyEvent, amount, account)
		return err
	})
}

// The claim autocommits before BeginTxFunc runs the write.
func HandleBeforeFunc(ctx context.Context, pool *pgxpool.Pool, eventID string, account, amount int64) error {
	tag, err := pool.Exec(ctx, claimEvent, "ledger", eventID) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 85 in a transaction`
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, applyEvent, amount, account)
		return err
	})
}

// The claim's transaction (on a pgx.Conn) commits before the write's.
func HandleConn(ctx context.Context, conn *pgx.Conn, eventID string, account, amount int64) error {
	claimTx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	if tag, err := claimTx.Exec(ctx, claimEvent, "ledger", eventID); err != nil || tag.RowsAffected() == 0 { // want `idempotency claim's transaction commits at line 99, before the write at line 106`
		return err
	}
	if err := claimTx.Commit(ctx); err != nil {
		return err
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: the claim in a savepoint whose release is not a commit; the
// write follows in the outer transaction.
func HandleSavepoint(ctx context.Context, pool *pgxpool.Pool, eventID string, account, amount int64) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	sp, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := sp.Exec(ctx, claimEvent, "ledger", eventID); err != nil {
		return err
	}
	if err := sp.Commit(ctx); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: on one pgx.Conn, the statement after Begin runs in the
// session's open transaction; the check cannot tell it from autocommit.
func HandleOneConn(ctx context.Context, conn *pgx.Conn, eventID string, account, amount int64) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := conn.Exec(ctx, claimEvent, "ledger", eventID)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
