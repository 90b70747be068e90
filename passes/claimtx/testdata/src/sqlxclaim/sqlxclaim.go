// Package sqlxclaim exercises claimtx on sqlx.
package sqlxclaim

import (
	"github.com/jmoiron/sqlx"
)

const (
	claimMsg = `INSERT INTO inbox (message_id) VALUES ($1) ON CONFLICT DO NOTHING`
	addItem  = `INSERT INTO cart_items (cart_id, sku) VALUES (:cart_id, :sku)`
)

type Item struct {
	CartID int64  `db:"cart_id"`
	SKU    string `db:"sku"`
}

// The inbox claim autocommits; the item joins tx: fix uses tx.
func Consume(db *sqlx.DB, msgID string, it Item) error {
	tx, err := db.Beginx()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res := db.MustExec(claimMsg, msgID) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 29 in a transaction`
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // a duplicate
	}
	if _, err := tx.NamedExec(addItem, it); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: both on tx.
func ConsumeTx(db *sqlx.DB, msgID string, it Item) error {
	tx := db.MustBegin()
	defer tx.Rollback()
	res := tx.MustExec(claimMsg, msgID)
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.NamedExec(addItem, it); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: nobody looks at the claim's outcome, so a retry runs the
// work again; nothing is lost (whatever else is wrong with it).
func ConsumeUnchecked(db *sqlx.DB, msgID string, it Item) error {
	tx, err := db.Beginx()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	db.MustExec(claimMsg, msgID)
	if _, err := tx.NamedExec(addItem, it); err != nil {
		return err
	}
	return tx.Commit()
}
