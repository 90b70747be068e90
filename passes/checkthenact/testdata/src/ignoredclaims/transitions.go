package ignoredclaims

import (
	"context"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"
)

// A guarded transition executed for its error alone: two payments of one
// order both run the UPDATE (one changes the row, one changes none) and
// both charge.
func payOrder(ctx context.Context, pool *pgxpool.Pool, id string) error {
	if _, err := pool.Exec(ctx, `UPDATE orders SET status = 'paid' WHERE id = $1 AND status = 'pending'`, id); err != nil { // want `ignored claim: the guarded update of orders picks one winner, but nothing reads whether this call won \(rows affected == 1\), so a concurrent or repeated caller goes on to Post`
		return err
	}
	_, err := http.Post("https://psp.example/charge", "text/plain", strings.NewReader(id))
	return err
}

// Near miss: the rows affected decide who charges.
func payOrderOnce(ctx context.Context, pool *pgxpool.Pool, id string) error {
	tag, err := pool.Exec(ctx, `UPDATE orders SET status = 'paid' WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return nil
	}
	_, err = http.Post("https://psp.example/charge", "text/plain", strings.NewReader(id))
	return err
}

// Near miss: nothing that must not run twice follows the transition.
func closeOrder(ctx context.Context, pool *pgxpool.Pool, id string) error {
	if _, err := pool.Exec(ctx, `UPDATE orders SET status = 'closed' WHERE id = $1 AND status = 'paid'`, id); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE carts SET order_id = NULL WHERE order_id = $1`, id)
	return err
}

type Order struct {
	ID     uint
	Status string
}

// The same through gorm: the Where tests the status, and only the error
// is read.
func payOrderGorm(db *gorm.DB, id uint) error {
	if err := db.Model(&Order{}).Where("id = ? AND status = ?", id, "pending").Update("status", "paid").Error; err != nil { // want `ignored claim: the guarded update of order picks one winner, but nothing reads whether this call won \(rows affected == 1\)`
		return err
	}
	_, err := http.Post("https://psp.example/charge", "text/plain", strings.NewReader("order"))
	return err
}

// Near miss: RowsAffected says who moved the order.
func payOrderGormOnce(db *gorm.DB, id uint) error {
	res := db.Model(&Order{}).Where("id = ? AND status = ?", id, "pending").Update("status", "paid")
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return nil
	}
	_, err := http.Post("https://psp.example/charge", "text/plain", strings.NewReader("order"))
	return err
}
