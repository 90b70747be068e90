package summaries

import (
	"context"
	"database/sql"
)

// sqlc's generated queries run on the Queries' handle; whether that is
// a transaction is for the caller's Queries to say (q.WithTx(tx)), so a
// query that locks what it reads holds the lock in the caller's
// transaction, as a lock on a handle passed in does.

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

type Queries struct{ db DBTX }

const lockAccount = `-- name: LockAccount :one
SELECT id FROM accounts WHERE id = $1 FOR UPDATE
`

func (q *Queries) LockAccount(ctx context.Context, id int64) (int64, error) { // want LockAccount:"recvhandle=true stateguard=false locks=true "
	row := q.db.QueryRowContext(ctx, lockAccount, id)
	err := row.Scan(&id)
	return id, err
}

const getAccount = `-- name: GetAccount :one
SELECT id FROM accounts WHERE id = $1
`

// Near miss: the same read without FOR UPDATE locks nothing.
func (q *Queries) GetAccount(ctx context.Context, id int64) (int64, error) { // want GetAccount:"recvhandle=true stateguard=false locks=false "
	row := q.db.QueryRowContext(ctx, getAccount, id)
	err := row.Scan(&id)
	return id, err
}
