package sqlxcheck

import (
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"
)

type Refund struct{ ID int64 }

func refund(db *sqlx.DB, key string) error {
	var r Refund
	err := db.Get(&r, "SELECT id FROM refunds WHERE key = $1", key) // want `check-then-act race: the existence check on refunds`
	if errors.Is(err, sql.ErrNoRows) {
		db.MustExec("INSERT INTO refunds (key) VALUES ($1)", key)
		return nil
	}
	return err
}

// Near miss: a lookup in one table, an insert in another.
func refundAudit(db *sqlx.DB, key string) error {
	var r Refund
	err := db.Get(&r, "SELECT id FROM refunds WHERE key = $1", key)
	if errors.Is(err, sql.ErrNoRows) {
		db.MustExec("INSERT INTO refund_requests (key) VALUES ($1)", key)
		return nil
	}
	return err
}
