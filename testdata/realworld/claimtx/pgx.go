package claimtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	claimEventSQL = `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`
	creditSQL     = `UPDATE balances SET amount = amount + $1 WHERE account_id = $2`
)

type Ledger struct {
	pool *pgxpool.Pool
}

// OnCredit's BeginFunc callback claims on the captured pool.
func (l *Ledger) OnCredit(ctx context.Context, eventID string, account, amount int64) error {
	return pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
		tag, err := l.pool.Exec(ctx, claimEventSQL, "ledger", eventID) // want:claimtx
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		_, err = tx.Exec(ctx, creditSQL, amount, account)
		return err
	})
}

// OnCreditTx's callback claims on its tx.
func (l *Ledger) OnCreditTx(ctx context.Context, eventID string, account, amount int64) error {
	return pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, claimEventSQL, "ledger", eventID)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		_, err = tx.Exec(ctx, creditSQL, amount, account)
		return err
	})
}

// OnCreditBegin claims on the pool after opening the tx.
func (l *Ledger) OnCreditBegin(ctx context.Context, eventID string, account, amount int64) error {
	tx, err := l.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := l.pool.Exec(ctx, claimEventSQL, "ledger", eventID) // want:claimtx
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := tx.Exec(ctx, creditSQL, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// OnCreditSavepoint claims in a savepoint of the write's transaction:
// releasing a savepoint commits nothing (claimtx is silent). Its rows
// affected are never read, so a redelivery credits again: checkthenact's
// ignored claim.
func (l *Ledger) OnCreditSavepoint(ctx context.Context, eventID string, account, amount int64) error {
	tx, err := l.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	sp, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := sp.Exec(ctx, claimEventSQL, "ledger", eventID); err != nil { // want:checkthenact
		return err
	}
	if err := sp.Commit(ctx); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, creditSQL, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
