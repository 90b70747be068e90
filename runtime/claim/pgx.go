package claim

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Func is the operation guarded by a claim. It runs inside the transaction
// that holds the claim and must make every durable change through tx, so that
// the changes commit with the claim and the stored outcome, or not at all.
//
// It may run more than once: an attempt that fails with a serialization
// failure or deadlock is rolled back and run again (only one attempt ever
// commits). So it must not cause effects outside this database; record an
// intent (an outbox row) instead and perform the effect after commit.
//
// Return the outcome to store and replay; an error to roll everything back
// and leave the key unclaimed (a retry executes again); or Reject(...) for a
// terminal business rejection that is stored and replayed. It must not end
// the transaction (see ErrTxState).
type Func func(ctx context.Context, tx pgx.Tx) (Outcome, error)

// Claimer runs operations at most once per Key and replays their outcome,
// on a pgx pool. (SQLClaimer is the same over database/sql.) It is safe for
// concurrent use.
type Claimer struct {
	pool *pgxpool.Pool
	*core
}

// New returns a Claimer on pool. The table must exist: see Migrate and
// SchemaSQL.
func New(pool *pgxpool.Pool, opts Options) (*Claimer, error) {
	c, err := newCore(opts)
	if err != nil {
		return nil, err
	}
	return &Claimer{pool: pool, core: c}, nil
}

// Options returns the options in effect, defaults filled in.
func (c *Claimer) Options() Options { return c.opts }

// Do runs fn at most once per key and returns its outcome; later calls with
// the same key and fingerprint get the stored outcome with Result.Replayed
// set, without running fn. The claim, fn's writes and the outcome commit in
// one transaction, so a failure anywhere leaves no trace and a retry executes
// again.
//
// fingerprint identifies the request (see FingerprintJSON); a later call with
// the same key and a different fingerprint fails with ErrFingerprintMismatch.
// nil means the request has no payload to bind.
//
// Errors: KeyError (ErrInvalidKey) before anything runs; InProgressError
// (ErrInProgress) when another transaction holds the key longer than
// Options.LockTimeout, at once with Options.NonBlocking, or when
// Options.MaxWaiters calls already wait for it; MismatchError
// (ErrFingerprintMismatch); OutcomeTooLargeError (ErrOutcomeTooLarge) and
// OutcomeError (ErrInvalidOutcome) after rolling back; TxStateError
// (ErrTxState) when fn ended the transaction; MissingOutcomeError
// (ErrMissingOutcome) for a record committed without an outcome;
// ErrRetriesExhausted after Options.MaxAttempts serialization failures or
// deadlocks; fn's own error, unchanged, after rolling back; and database
// errors.
func (c *Claimer) Do(ctx context.Context, key Key, fingerprint []byte, fn Func) (Result, error) {
	return do(ctx, c.core, key, fingerprint, c.connect, func(ctx context.Context, a *pgxAttempt) (Outcome, error) {
		return fn(ctx, a.owned)
	})
}

// DoTx is Do for a caller that already holds a transaction: the claim, fn's
// writes and the outcome become part of tx and commit or roll back with it.
// It works inside savepoints, so tx stays usable whatever happens:
//
//   - replay, mismatch, in progress, or fn's error: tx is as it was before
//     DoTx (fn's writes and the claim are undone). Committing tx then
//     leaves the key unclaimed;
//   - success or Reject: the claim and outcome are pending in tx. Until the
//     caller commits, duplicates wait (up to LockTimeout) and then get
//     ErrInProgress; if the caller rolls back, the key is free again.
//
// fn must not commit or roll back tx (ErrTxState). DoTx does not retry: a
// serialization failure or deadlock dooms the whole transaction, which only
// its owner can run again (see Retryable). Options.Isolation does not apply:
// tx has its own.
func (c *Claimer) DoTx(ctx context.Context, tx pgx.Tx, key Key, fingerprint []byte, fn Func) (Result, error) {
	return doTx(ctx, c.core, pgxSavepoints{tx}, key, fingerprint, func(ctx context.Context, s pgxSavepoints) (Outcome, error) {
		return fn(ctx, s.tx)
	})
}

// Sweep deletes expired records, batchSize at a time (each batch is its own
// short transaction, so it never holds many locks or a long snapshot), until
// none is left or ctx ends. It returns how many it deleted.
//
// Records still inside their TTL, and claims whose transaction is still open,
// are never touched. Run it periodically (a cron job, a ticker); several
// sweepers may run at once.
func (c *Claimer) Sweep(ctx context.Context, batchSize int) (int64, error) {
	return c.sweep(ctx, batchSize, func(ctx context.Context, sql string, n int) (int64, error) {
		tag, err := c.pool.Exec(ctx, sql, n)
		return tag.RowsAffected(), err
	})
}

// pgxAttempt is an attemptConn on a pooled pgx connection. Statements go
// out in pipelined batches, so the claim and the outcome cost one round
// trip each.
type pgxAttempt struct {
	c      *Claimer
	pooled *pgxpool.Conn
	owned  *ownedTx
}

func (c *Claimer) connect(ctx context.Context) (*pgxAttempt, error) {
	pooled, err := c.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	return &pgxAttempt{c: c, pooled: pooled}, nil
}

func (a *pgxAttempt) claim(ctx context.Context, p *protocol, args []any) (record, error) {
	b := &pgx.Batch{}
	b.BeginTx(pgx.TxOptions{IsoLevel: a.c.opts.Isolation})
	b.Queue(p.claim, args...)
	br := a.pooled.Conn().SendBatch(ctx, b)
	var rec record
	_, err := br.Exec()
	if err == nil {
		var rs pgx.Rows
		if rs, err = br.Query(); err == nil {
			rec, err = scanRecord(rs)
			rs.Close()
		}
	}
	if closeErr := br.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		a.owned = &ownedTx{tx: br.Tx()}
	}
	return rec, err
}

func (a *pgxAttempt) state() txState { return txStateOf(a.pooled.Conn()) }

// txStateOf reads the transaction status of the connection's last
// ReadyForQuery, without a round trip.
func txStateOf(conn *pgx.Conn) txState {
	switch conn.PgConn().TxStatus() {
	case 'T':
		return txOpen
	case 'E':
		return txAborted
	case 'I':
		return txEnded
	}
	return txUnknown
}

func (a *pgxAttempt) commit(ctx context.Context, p *protocol, args []any) error {
	b := &pgx.Batch{}
	b.Queue(p.store, args...)
	b.Queue("COMMIT")
	return a.pooled.Conn().SendBatch(ctx, b).Close()
}

func (a *pgxAttempt) end(commit bool) {
	conn := a.pooled.Conn()
	if conn.IsClosed() || conn.PgConn().TxStatus() == 'I' {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	sql := "ROLLBACK"
	if commit {
		sql = "COMMIT"
	}
	if _, err := conn.Exec(ctx, sql); err != nil {
		conn.Close(ctx) // the server rolls back when it notices
	}
}

func (a *pgxAttempt) lookup(ctx context.Context, p *protocol, k Key) (found, stored bool, err error) {
	return lookupKey(a.pooled.Conn().QueryRow(ctx, p.lookup, k.Scope, k.Operation, k.Key))
}

func (a *pgxAttempt) release() {
	if a.owned != nil {
		a.owned.done.Store(true)
	}
	a.pooled.Release()
}

// pgxSavepoints is a savepointConn on the caller's pgx transaction.
type pgxSavepoints struct{ tx pgx.Tx }

func (s pgxSavepoints) claim(ctx context.Context, p *protocol, args []any) (record, error) {
	b := &pgx.Batch{}
	b.Queue(p.claimSavepoint)
	b.Queue(p.claim, args...)
	b.Queue(p.workSavepoint)
	br := s.tx.SendBatch(ctx, b)
	var rec record
	_, err := br.Exec()
	if err == nil {
		var rs pgx.Rows
		if rs, err = br.Query(); err == nil {
			rec, err = scanRecord(rs)
			rs.Close()
		}
	}
	if closeErr := br.Close(); err == nil {
		err = closeErr
	}
	return rec, err
}

// exec sends sql without arguments, which pgx does as a simple query: the
// only kind PostgreSQL accepts in an aborted transaction besides a rollback.
func (s pgxSavepoints) exec(ctx context.Context, sql string) error {
	_, err := s.tx.Conn().Exec(ctx, sql)
	return err
}

func (s pgxSavepoints) state() txState {
	return txStateOf(s.tx.Conn())
}

func (s pgxSavepoints) store(ctx context.Context, p *protocol, args []any) error {
	b := &pgx.Batch{}
	b.Queue(p.store, args...)
	b.Queue(p.releaseClaim)
	return s.tx.SendBatch(ctx, b).Close()
}

func (s pgxSavepoints) lookup(ctx context.Context, p *protocol, k Key) (found, stored bool, err error) {
	return lookupKey(s.tx.Conn().QueryRow(ctx, p.lookup, k.Scope, k.Operation, k.Key))
}
