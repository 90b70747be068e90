package checkthenact

import (
	"context"

	"github.com/uptrace/bun"
)

// Invoice is a bun model, unique by OrderID.
type Invoice struct {
	bun.BaseModel `bun:"table:invoices"`

	ID      int64  `bun:",pk,autoincrement"`
	OrderID string `bun:",unique"`
	Amount  int64
}

// IssueInvoice checks for the order's invoice and inserts one when there
// is none: the order is invoiced twice.
func IssueInvoice(ctx context.Context, db *bun.DB, orderID string, amount int64) error {
	exists, err := db.NewSelect().Model((*Invoice)(nil)).Where("order_id = ?", orderID).Exists(ctx) // want:checkthenact
	if err != nil {
		return err
	}
	if exists {
		return ErrDuplicate
	}
	_, err = db.NewInsert().Model(&Invoice{OrderID: orderID, Amount: amount}).Exec(ctx)
	return err
}

// IssueInvoiceOnConflict inserts with ON CONFLICT DO NOTHING.
func IssueInvoiceOnConflict(ctx context.Context, db *bun.DB, orderID string, amount int64) error {
	exists, err := db.NewSelect().Model((*Invoice)(nil)).Where("order_id = ?", orderID).Exists(ctx)
	if err != nil {
		return err
	}
	if exists {
		return ErrDuplicate
	}
	res, err := db.NewInsert().Model(&Invoice{OrderID: orderID, Amount: amount}).On("CONFLICT (order_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrDuplicate
	}
	return nil
}
