package claim

import (
	"context"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ownedTx is the transaction Do hands to its Func. Do decides how it ends, so
// Commit and Rollback are refused; nested transactions (savepoints) work as
// usual. After Do returns, every method fails with pgx.ErrTxClosed, because
// the connection is back in the pool and may be serving someone else.
type ownedTx struct {
	tx   pgx.Tx
	done atomic.Bool
}

var _ pgx.Tx = (*ownedTx)(nil)

func (t *ownedTx) Begin(ctx context.Context) (pgx.Tx, error) {
	if t.done.Load() {
		return nil, pgx.ErrTxClosed
	}
	return t.tx.Begin(ctx)
}

func (t *ownedTx) Commit(context.Context) error   { return ErrTxOwned }
func (t *ownedTx) Rollback(context.Context) error { return ErrTxOwned }

func (t *ownedTx) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, src pgx.CopyFromSource) (int64, error) {
	if t.done.Load() {
		return 0, pgx.ErrTxClosed
	}
	return t.tx.CopyFrom(ctx, table, columns, src)
}

func (t *ownedTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	if t.done.Load() {
		return pgx.FailedBatchResults(b, pgx.ErrTxClosed)
	}
	return t.tx.SendBatch(ctx, b)
}

func (t *ownedTx) LargeObjects() pgx.LargeObjects { return t.tx.LargeObjects() }

func (t *ownedTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	if t.done.Load() {
		return nil, pgx.ErrTxClosed
	}
	return t.tx.Prepare(ctx, name, sql)
}

func (t *ownedTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	if t.done.Load() {
		return pgconn.CommandTag{}, pgx.ErrTxClosed
	}
	return t.tx.Exec(ctx, sql, args...)
}

func (t *ownedTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if t.done.Load() {
		return nil, pgx.ErrTxClosed
	}
	return t.tx.Query(ctx, sql, args...)
}

func (t *ownedTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if t.done.Load() {
		return errRow{pgx.ErrTxClosed}
	}
	return t.tx.QueryRow(ctx, sql, args...)
}

func (t *ownedTx) Conn() *pgx.Conn { return t.tx.Conn() }

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }
