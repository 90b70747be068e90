// Package beforebegin has claims made on the pool just before the
// transaction of the write they guard begins: the fix moves the claim
// after the Begin, onto the transaction, where that is the same program.
package beforebegin

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	claimEvent = `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING`
	applyEvent = `UPDATE balances SET amount = amount + $1 WHERE account_id = $2`
	// Without ON CONFLICT the duplicate's unique violation is the error.
	recordEvent = `INSERT INTO processed_events (event_id) VALUES ($1)`
)

// The claim and its rows-affected test move after the Begin, its error
// test and its deferred Rollback.
func apply(ctx context.Context, pool *pgxpool.Pool, eventID string, account, amount int64) error {
	tag, err := pool.Exec(ctx, claimEvent, eventID) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 32 in a transaction: .*; make the claim on tx, the write's transaction, after it begins, or let runtime/claim's Claimer.DoTx run the claim in that transaction with the write$`
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// The claim's := declares nothing new once the Begin has declared err:
// moved, it assigns.
func applyErrOnly(ctx context.Context, pool *pgxpool.Pool, eventID string, account, amount int64) error {
	_, err := pool.Exec(ctx, recordEvent, eventID) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 50 in a transaction`
	if err != nil {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// No fix: the log line between the claim and the Begin would run before
// the claim once it moved.
func applyLogged(ctx context.Context, pool *pgxpool.Pool, eventID string, account, amount int64) error {
	if _, err := pool.Exec(ctx, recordEvent, eventID); err != nil { // want `; make the claim on tx, the write's transaction, after it begins \(not a mechanical move here: a statement between the claim and the Begin would run before the claim\), or let runtime/claim's Claimer.DoTx run the claim in that transaction with the write$`
		return err
	}
	log.Printf("applying %s", eventID)
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// No fix: an early return among the moved statements would leave the
// transaction open, as no Rollback is deferred.
func applyNoRollback(ctx context.Context, pool *pgxpool.Pool, eventID string, account, amount int64) error {
	tag, err := pool.Exec(ctx, claimEvent, eventID) // want `\(not a mechanical move here: the claim's statements return early, and no deferred Rollback would end the transaction\)`
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		tx.Rollback(ctx)
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: claim and write on the transaction, the claim after Begin.
func applyInTx(ctx context.Context, pool *pgxpool.Pool, eventID string, account, amount int64) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, claimEvent, eventID)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// No fix: in a loop, the claim's continue, moved after the Begin, would
// leave that transaction open into the next event's.
func applyAll(ctx context.Context, pool *pgxpool.Pool, eventIDs []string, account, amount int64) error {
	for _, eventID := range eventIDs {
		tag, err := pool.Exec(ctx, claimEvent, eventID) // want `\(not a mechanical move here: the claim's statements break out of a loop, which would leave the transaction open\)`
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			continue
		}
		tx, err := pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, applyEvent, amount, account); err != nil {
			return err
		}
		if err := tx.Commit(ctx); err != nil {
			return err
		}
	}
	return nil
}
