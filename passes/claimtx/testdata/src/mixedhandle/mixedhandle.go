// Package mixedhandle exercises claimtx on a handle that is the pool on
// one path and the caller's transaction on another (sqlc's DBTX): the
// claim autocommits on the pool path while the business write goes into
// a transaction of its own.
package mixedhandle

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBTX is what sqlc generates: satisfied by the pool, a conn and a tx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

const (
	claimKey   = `INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`
	createRun  = `INSERT INTO workflow_runs (key, input) VALUES ($1, $2)`
	updateRuns = `UPDATE workflow_runs SET queued = true WHERE key = $1`
)

type Repo struct{ pool *pgxpool.Pool }

// When the caller brings no transaction, the claim goes through the pool
// and commits at once; the run is inserted in a transaction opened later.
func (r *Repo) Trigger(ctx context.Context, existing pgx.Tx, key, input string) error {
	var q DBTX = r.pool
	if existing != nil {
		q = existing
	}
	tag, err := q.Exec(ctx, claimKey, key) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 44 in a transaction`
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, createRun, key, input); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: the handle is chosen the same way, but the write goes
// through it too, so on either path the claim and the write share their
// fate (both in the caller's transaction, or both autocommit on a pool
// with nothing to roll back between them).
func (r *Repo) TriggerSameHandle(ctx context.Context, existing pgx.Tx, key, input string) error {
	var q DBTX = r.pool
	if existing != nil {
		q = existing
	}
	tag, err := q.Exec(ctx, claimKey, key)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	_, err = q.Exec(ctx, createRun, key, input)
	return err
}

// Near miss: every path claims on a transaction (the caller's, or one
// opened here), and the write joins the same one.
func (r *Repo) TriggerOwnTx(ctx context.Context, existing pgx.Tx, key string) error {
	tx := existing
	if tx == nil {
		var err error
		if tx, err = r.pool.Begin(ctx); err != nil {
			return err
		}
		defer tx.Rollback(ctx)
	}
	tag, err := tx.Exec(ctx, claimKey, key)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := tx.Exec(ctx, updateRuns, key); err != nil {
		return err
	}
	if existing == nil {
		return tx.Commit(ctx)
	}
	return nil
}
