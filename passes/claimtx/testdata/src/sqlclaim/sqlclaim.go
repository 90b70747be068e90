// Package sqlclaim exercises claimtx on database/sql.
package sqlclaim

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
)

const (
	claimKey = `INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`
	debit    = `UPDATE accounts SET balance = balance - $1 WHERE id = $2`
)

// The claim autocommits on db while the debit waits for tx.Commit.
func chargeAutocommit(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := db.ExecContext(ctx, claimKey, key) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 30 in a transaction: a crash between them loses the operation`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: claim and debit on the same tx, committed together.
func chargeSameTx(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, claimKey, key)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	return tx.Commit()
}

// The claim's transaction commits before the debit's begins.
func chargeTwoTx(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	claimTx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if res, err := claimTx.ExecContext(ctx, claimKey, key); err != nil || none(res) { // want `idempotency claim's transaction commits at line 65, before the write at line 72`
		return err
	}
	if err := claimTx.Commit(); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: two transactions, but the claim's commits after the debit.
// (A crash between them duplicates rather than loses; not this check.)
func chargeClaimCommitsLast(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	claimTx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := claimTx.ExecContext(ctx, claimKey, key); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return claimTx.Commit()
}

// The claim autocommits and the tx is opened only afterwards: the fix
// moves the claim after the Begin, onto tx.
func claimThenBegin(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO processed_events (event_id) VALUES ($1)", key); err != nil { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 112`
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO ledger_entries (account_id, amount) VALUES ($1, $2)", id, amount); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: a claim-table write that is not a claim target of the
// check: storing the outcome on the key's row after the work.
func storeOutcome(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, claimKey, key); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE idempotency_keys SET status = 'done' WHERE key = $1", key)
	return err
}

// Near miss: a PENDING intent persisted before an HTTP call (outbox /
// state machine): the only thing after the claim is an external effect.
func payPending(ctx context.Context, db *sql.DB, client *http.Client, key string) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO idempotency_keys (key, status) VALUES ($1, 'PENDING') ON CONFLICT DO NOTHING`, key); err != nil {
		return err
	}
	resp, err := client.Post("https://psp.example/charges", "application/json", strings.NewReader(key))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = db.ExecContext(ctx, `UPDATE idempotency_keys SET status = 'COMPLETED' WHERE key = $1`, key)
	return err
}

// execer is what both *sql.DB and *sql.Tx offer.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// claim wraps the claim insert; its fact makes calls to it claims.
func claim(ctx context.Context, ex execer, key string) (bool, error) {
	res, err := ex.ExecContext(ctx, claimKey, key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// The claim helper gets the pool although the tx is open: the fix passes tx.
func chargeViaHelper(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ok, err := claim(ctx, db, key) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 180`
	if err != nil || !ok {
		return err
	}
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the helper gets the tx.
func chargeViaHelperTx(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ok, err := claim(ctx, tx, key)
	if err != nil || !ok {
		return err
	}
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the claim runs on a handle whose kind cannot be seen (an
// interface value from the caller, which may well be the tx).
func chargeUnknownHandle(ctx context.Context, ex execer, tx *sql.Tx, key string, id, amount int64) error {
	if _, err := ex.ExecContext(ctx, claimKey, key); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: insurance claims are business rows, not idempotency claims.
func fileInsuranceClaim(ctx context.Context, db *sql.DB, id, amount int64) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO insurance_claims (policy_id, amount) VALUES ($1, $2)", id, amount); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: a user's inbox is business data; a plain insert into it is
// a delivery, not a claim.
func deliver(ctx context.Context, db *sql.DB, userID, msgID int64) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO inbox_messages (user_id, message_id) VALUES ($1, $2)", userID, msgID); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE users SET unread = unread + 1 WHERE id = $1", userID); err != nil {
		return err
	}
	return tx.Commit()
}

// The inbox of a message consumer, claimed with ON CONFLICT DO NOTHING.
func consume(ctx context.Context, db *sql.DB, consumer, msgID string, userID int64) error {
	res, err := db.ExecContext(ctx, "INSERT INTO inbox (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", consumer, msgID) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 262 in a transaction`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE users SET unread = unread + 1 WHERE id = $1", userID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the idempotency-key state machine (atomic phases). The key is
// committed first with a recovery point; the phase that does the work
// advances it in the same transaction, so a crash leaves a key that says
// where to resume rather than one that says "done".
func createCharge(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	res, err := db.ExecContext(ctx, `INSERT INTO idempotency_keys (key, recovery_point) VALUES ($1, 'started') ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO charges (account_id, amount) VALUES ($1, $2)", id, amount); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE idempotency_keys SET recovery_point = 'charge_created' WHERE key = $1", key); err != nil {
		return err
	}
	return tx.Commit()
}

// none reports whether a conditional insert found its key taken.
func none(res sql.Result) bool {
	n, err := res.RowsAffected()
	return err == nil && n == 0
}

// Near miss: the ON CONFLICT claim's rows affected go unchecked, so a
// duplicate carries on and a retry redoes the work: nothing is lost.
func chargeErrOnly(ctx context.Context, db *sql.DB, key string, id, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := db.ExecContext(ctx, claimKey, key); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, debit, amount, id); err != nil {
		return err
	}
	return tx.Commit()
}
