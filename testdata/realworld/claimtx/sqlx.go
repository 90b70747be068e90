package claimtx

import (
	"github.com/jmoiron/sqlx"
)

const (
	claimMessageSQL = `INSERT INTO inbox (message_id) VALUES ($1) ON CONFLICT DO NOTHING`
	addItemSQL      = `INSERT INTO cart_items (cart_id, sku) VALUES (:cart_id, :sku)`
)

type CartItem struct {
	CartID int64  `db:"cart_id"`
	SKU    string `db:"sku"`
}

// ConsumeItem records the inbox message on the pool, the item on the tx.
func ConsumeItem(db *sqlx.DB, msgID string, it CartItem) error {
	tx, err := db.Beginx()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res := db.MustExec(claimMessageSQL, msgID) // want:claimtx
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // a duplicate
	}
	if _, err := tx.NamedExec(addItemSQL, it); err != nil {
		return err
	}
	return tx.Commit()
}

// ConsumeItemTx records both on the tx.
func ConsumeItemTx(db *sqlx.DB, msgID string, it CartItem) error {
	tx := db.MustBegin()
	defer tx.Rollback()
	res := tx.MustExec(claimMessageSQL, msgID)
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.NamedExec(addItemSQL, it); err != nil {
		return err
	}
	return tx.Commit()
}
