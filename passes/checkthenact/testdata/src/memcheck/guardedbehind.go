package memcheck

import (
	"context"
	"database/sql"
	"sync"
)

type Notifier interface {
	Send(ctx context.Context, to, template string) error
}

// ShippedNotices keeps the orders it told about in memory, in front of
// the orders table.
type ShippedNotices struct {
	db     *sql.DB
	mailer Notifier
	seen   sync.Map
}

// Near miss: the memory only saves a round trip. The guarded UPDATE
// picks one caller (the one whose update changed the row), and only that
// one mails.
func (n *ShippedNotices) Notify(ctx context.Context, orderID int64, email string) error {
	if _, done := n.seen.Load(orderID); done {
		return nil
	}
	res, err := n.db.ExecContext(ctx, `UPDATE orders SET shipped_notified_at = now() WHERE id = $1 AND shipped_notified_at IS NULL`, orderID)
	if err != nil {
		return err
	}
	n.seen.Store(orderID, struct{}{})
	if rows, _ := res.RowsAffected(); rows == 0 {
		return nil
	}
	return n.mailer.Send(ctx, email, "order_shipped")
}

// The mail goes before the guarded UPDATE: both callers that missed the
// memory mail, whichever of them then changes the row.
func (n *ShippedNotices) NotifyThenMark(ctx context.Context, orderID int64, email string) error {
	if _, done := n.seen.Load(orderID); done { // want `check-then-act race: the existence check Load and the insert at line \d+ are separate steps.*Send at line \d+ runs before the insert`
		return nil
	}
	if err := n.mailer.Send(ctx, email, "order_shipped"); err != nil {
		return err
	}
	if _, err := n.db.ExecContext(ctx, `UPDATE orders SET shipped_notified_at = now() WHERE id = $1 AND shipped_notified_at IS NULL`, orderID); err != nil {
		return err
	}
	n.seen.Store(orderID, struct{}{})
	return nil
}
