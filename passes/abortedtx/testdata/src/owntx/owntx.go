// Package owntx has helpers that open, and end, a transaction of their
// own on every call: a failure in one call cannot abort the next call's
// transaction (formance ledger's runTx and its bucket cleanup).
package owntx

import (
	"context"
	"database/sql"
	"errors"
	"log"
)

// Store is the service's own storage interface; BeginTX returns a Store
// bound to a new transaction.
type Store interface {
	BeginTX(ctx context.Context, opts *sql.TxOptions) (Store, *sql.Tx, error)
	InsertLog(ctx context.Context, payload string) error
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

var errDeadlock = errors.New("deadlock detected")

// runTx opens a new transaction from the store it is given on each call.
func runTx(ctx context.Context, store Store, payload string) error {
	store, _, err := store.BeginTX(ctx, nil)
	if err != nil {
		return err
	}
	if err := store.InsertLog(ctx, payload); err != nil {
		_ = store.Rollback(ctx)
		return err
	}
	return store.Commit(ctx)
}

// Near miss: each retry runs in a fresh transaction.
func forgeWithRetry(ctx context.Context, store Store, payload string) error {
	for {
		err := runTx(ctx, store, payload)
		if errors.Is(err, errDeadlock) {
			continue
		}
		return err
	}
}

// hardDelete runs its statement in a transaction of its own on the pool.
func hardDelete(ctx context.Context, db *sql.DB, bucket string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM buckets WHERE name = $1`, bucket); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: one bucket's failure leaves the next bucket's transaction
// untouched.
func cleanup(ctx context.Context, db *sql.DB, buckets []string) {
	for _, b := range buckets {
		if err := hardDelete(ctx, db, b); err != nil {
			log.Printf("bucket %s: %v", b, err)
			continue
		}
	}
}

// Positive beside them: the loop's statements share one transaction.
func importAll(ctx context.Context, db *sql.DB, names []string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, n := range names {
		if _, err := tx.ExecContext(ctx, `INSERT INTO buckets (name) VALUES ($1)`, n); err != nil { // want `statement on a transaction that its own failure in an earlier iteration aborted`
			log.Printf("bucket %s: %v", n, err)
			continue
		}
	}
	return tx.Commit()
}

// processor is generic, as formance ledger's log processor is: calls of
// its methods are calls of instantiated functions.
type processor[IN any] struct{ name string }

func (p *processor[IN]) runTx(ctx context.Context, store Store, in IN) error {
	store, _, err := store.BeginTX(ctx, nil)
	if err != nil {
		return err
	}
	if err := p.runLog(ctx, store, in); err != nil {
		_ = store.Rollback(ctx)
		return err
	}
	return store.Commit(ctx)
}

func (p *processor[IN]) runLog(ctx context.Context, store Store, in IN) error {
	return store.InsertLog(ctx, p.name)
}

// Near miss: a generic helper's fresh transaction per retry.
func (p *processor[IN]) forge(ctx context.Context, store Store, in IN) error {
	for {
		err := p.runTx(ctx, store, in)
		if err != nil {
			switch {
			case errors.Is(err, errDeadlock):
				continue
			default:
				return err
			}
		}
		return nil
	}
}

var errNoRows = sql.ErrNoRows

// Near miss: the heartbeat UPDATE ... RETURNING finds no row; that is no
// server error, and the partition is created on the same transaction
// (hatchet's partition heartbeats).
func heartbeat(ctx context.Context, tx *sql.Tx, id string) error {
	var name string
	err := tx.QueryRowContext(ctx, `UPDATE partitions SET beat = now() WHERE id = $1 RETURNING name`, id).Scan(&name)
	if err != nil {
		if errors.Is(err, errNoRows) {
			_, err = tx.ExecContext(ctx, `INSERT INTO partitions (id) VALUES ($1)`, id)
			return err
		}
		return err
	}
	return nil
}

// The same shape, but the insert runs on any other error too: after a
// failed UPDATE the transaction is aborted.
func heartbeatAnyError(ctx context.Context, tx *sql.Tx, id string) error {
	var name string
	err := tx.QueryRowContext(ctx, `UPDATE partitions SET beat = now() WHERE id = $1 RETURNING name`, id).Scan(&name)
	if err != nil {
		if !errors.Is(err, errNoRows) {
			log.Printf("heartbeat %s: %v", id, err)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO partitions (id) VALUES ($1)`, id) // want `statement on a transaction that the failed statement at line 146 aborted`
		return err
	}
	return nil
}
