package claim

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
)

// SQLFunc is Func for database/sql: the operation runs on tx, the
// transaction that holds the claim, and must make every durable change
// through it. It must not commit or roll back tx (ErrTxState). Libraries
// that wrap a *sql.Tx (gorm, sqlx, bun, ent) can be used on it; see the
// README.
type SQLFunc func(ctx context.Context, tx *sql.Tx) (Outcome, error)

// SQLClaimer is Claimer for database/sql, with any PostgreSQL driver (pgx's
// stdlib, lib/pq): the same protocol, statements and guarantees. Each
// statement is its own round trip (database/sql cannot pipeline), so a
// first execution costs five round trips plus the function's own and a
// replay three; the answer to a replay does not wait for its COMMIT. It is
// safe for concurrent use.
type SQLClaimer struct {
	db *sql.DB
	*core
}

// NewSQL returns an SQLClaimer on db, a PostgreSQL database. The table must
// exist: see SQLClaimer.Migrate and SchemaSQL.
func NewSQL(db *sql.DB, opts Options) (*SQLClaimer, error) {
	c, err := newCore(opts)
	if err != nil {
		return nil, err
	}
	return &SQLClaimer{db: db, core: c}, nil
}

// Options returns the options in effect, defaults filled in.
func (c *SQLClaimer) Options() Options { return c.opts }

// Do is Claimer.Do on database/sql: fn runs on the *sql.Tx that holds the
// claim, which Do commits with the outcome or rolls back.
func (c *SQLClaimer) Do(ctx context.Context, key Key, fingerprint []byte, fn SQLFunc) (Result, error) {
	connect := func(context.Context) (*sqlAttempt, error) { return &sqlAttempt{c: c}, nil }
	return do(ctx, c.core, key, fingerprint, connect, func(ctx context.Context, a *sqlAttempt) (Outcome, error) {
		return fn(ctx, a.tx)
	})
}

// DoTx is Claimer.DoTx on database/sql: the claim, fn's writes and the
// outcome become part of tx, inside savepoints.
func (c *SQLClaimer) DoTx(ctx context.Context, tx *sql.Tx, key Key, fingerprint []byte, fn SQLFunc) (Result, error) {
	return doTx(ctx, c.core, sqlSavepoints{c: c, tx: tx}, key, fingerprint, func(ctx context.Context, s sqlSavepoints) (Outcome, error) {
		return fn(ctx, s.tx)
	})
}

// Sweep is Claimer.Sweep on database/sql.
func (c *SQLClaimer) Sweep(ctx context.Context, batchSize int) (int64, error) {
	return c.sweep(ctx, batchSize, func(ctx context.Context, sql string, n int) (int64, error) {
		res, err := c.db.ExecContext(ctx, sql, n)
		if err != nil {
			return 0, err
		}
		return res.RowsAffected()
	})
}

// Migrate is Claimer.Migrate on database/sql.
func (c *SQLClaimer) Migrate(ctx context.Context) error { return migrateSQL(ctx, c.db, c.opts) }

// MigrateSQL is Migrate (the default table) on database/sql.
func MigrateSQL(ctx context.Context, db *sql.DB) error { return migrateSQL(ctx, db, Options{}) }

var sqlIsolation = map[pgx.TxIsoLevel]sql.IsolationLevel{
	"":                 sql.LevelDefault,
	pgx.ReadCommitted:  sql.LevelReadCommitted,
	pgx.RepeatableRead: sql.LevelRepeatableRead,
	pgx.Serializable:   sql.LevelSerializable,
}

// sqlAttempt is an attemptConn on a database/sql transaction.
type sqlAttempt struct {
	c  *SQLClaimer
	tx *sql.Tx
}

func (a *sqlAttempt) claim(ctx context.Context, p *protocol, args []any) (record, error) {
	tx, err := a.c.db.BeginTx(ctx, &sql.TxOptions{Isolation: sqlIsolation[a.c.opts.Isolation]})
	if err != nil {
		return record{}, err
	}
	a.tx = tx
	return claimOn(ctx, tx, p, args)
}

// claimOn runs p.claim on tx.
func claimOn(ctx context.Context, tx *sql.Tx, p *protocol, args []any) (rec record, err error) {
	rs, err := tx.QueryContext(ctx, p.claim, args...)
	if err != nil {
		return record{}, err
	}
	defer func() { err = errors.Join(err, rs.Close()) }()
	if rec, err = scanRecord(rs); err != nil {
		return record{}, err
	}
	return rec, rs.Err()
}

// state: database/sql does not expose the session's transaction status, so
// storeSQL's own check (and sql.ErrTxDone) tell.
func (a *sqlAttempt) state() txState { return txUnknown }

func (a *sqlAttempt) commit(ctx context.Context, p *protocol, args []any) error {
	if _, err := a.tx.ExecContext(ctx, p.store, args...); err != nil {
		return err
	}
	return a.tx.Commit()
}

func (a *sqlAttempt) end(commit bool) {
	if a.tx == nil {
		return
	}
	if commit {
		_ = a.tx.Commit() // a replay: nothing written; on failure the driver rolls back
	} else {
		_ = a.tx.Rollback() // sql.ErrTxDone if already ended
	}
}

func (a *sqlAttempt) lookup(ctx context.Context, p *protocol, k Key) (found, stored bool, err error) {
	return lookupKey(a.c.db.QueryRowContext(ctx, p.lookup, k.Scope, k.Operation, k.Key))
}

// release: ending the *sql.Tx already returned its connection to db.
func (a *sqlAttempt) release() {}

// sqlSavepoints is a savepointConn on the caller's *sql.Tx.
type sqlSavepoints struct {
	c  *SQLClaimer
	tx *sql.Tx
}

func (s sqlSavepoints) claim(ctx context.Context, p *protocol, args []any) (record, error) {
	if err := s.exec(ctx, p.claimSavepoint); err != nil {
		return record{}, err
	}
	rec, err := claimOn(ctx, s.tx, p, args)
	if err != nil {
		return record{}, err
	}
	return rec, s.exec(ctx, p.workSavepoint)
}

// exec sends sql without arguments: both drivers send it as a simple query,
// which PostgreSQL accepts in an aborted transaction for a rollback.
func (s sqlSavepoints) exec(ctx context.Context, sql string) error {
	_, err := s.tx.ExecContext(ctx, sql)
	return err
}

func (s sqlSavepoints) state() txState { return txUnknown }

func (s sqlSavepoints) store(ctx context.Context, p *protocol, args []any) error {
	if _, err := s.tx.ExecContext(ctx, p.store, args...); err != nil {
		return err
	}
	return s.exec(ctx, p.releaseClaim)
}

// lookup reads the committed state from another connection: when the
// function committed or rolled back the caller's transaction, that is the
// state that counts.
func (s sqlSavepoints) lookup(ctx context.Context, p *protocol, k Key) (found, stored bool, err error) {
	return lookupKey(s.c.db.QueryRowContext(ctx, p.lookup, k.Scope, k.Operation, k.Key))
}
