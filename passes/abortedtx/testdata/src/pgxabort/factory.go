package pgxabort

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// insertFunc returns a function that inserts on the tx it is given; its
// summary is an insert on a transaction that no parameter names.
func insertFunc(key string) func(context.Context, pgx.Tx) error {
	return func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
		return err
	}
}

// Factory calls it: the call makes a function and runs no statement on tx.
func Factory(ctx context.Context, tx pgx.Tx, key string) error {
	f := insertFunc(key)
	if err := f(ctx, tx); err != nil {
		_, err = tx.Exec(ctx, `DELETE FROM payments WHERE key = $1`, key)
		return err
	}
	return nil
}
