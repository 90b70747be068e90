// Package methodvalue exercises claimtx through method values and struct
// fields holding the handles.
package methodvalue

import (
	"context"
	"database/sql"
)

const claimKey = `INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`

// The claim runs through a method value bound to the pool.
func chargeMethodValue(ctx context.Context, db *sql.DB, key string, id int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	exec := db.ExecContext
	if res, err := exec(ctx, claimKey, key); err != nil || none(res) { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 23 in a transaction`
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET paid = true WHERE id = $1", id); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the method value is bound to the tx.
func chargeMethodValueTx(ctx context.Context, db *sql.DB, key string, id int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	exec := tx.ExecContext
	if _, err := exec(ctx, claimKey, key); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET paid = true WHERE id = $1", id); err != nil {
		return err
	}
	return tx.Commit()
}

// unitOfWork keeps the transaction in a struct field.
type unitOfWork struct {
	db *sql.DB
	tx *sql.Tx
}

// The claim runs on the pool field, the write on the tx field.
func (u *unitOfWork) charge(ctx context.Context, key string, id int64) error {
	if res, err := u.db.ExecContext(ctx, claimKey, key); err != nil || none(res) { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 57 in a transaction`
		return err
	}
	_, err := u.tx.ExecContext(ctx, "UPDATE orders SET paid = true WHERE id = $1", id)
	return err
}

// Near miss: both on the tx field.
func (u *unitOfWork) chargeTx(ctx context.Context, key string, id int64) error {
	if _, err := u.tx.ExecContext(ctx, claimKey, key); err != nil {
		return err
	}
	_, err := u.tx.ExecContext(ctx, "UPDATE orders SET paid = true WHERE id = $1", id)
	return err
}

// none reports whether a conditional insert found its key taken.
func none(res sql.Result) bool {
	n, err := res.RowsAffected()
	return err == nil && n == 0
}
