package mapdedup

import (
	"context"
	"database/sql"
	"sync"
)

type ShipMailer interface {
	Send(ctx context.Context, to, template string) error
}

// ShippedMail remembers the orders it mailed about, under a mutex.
type ShippedMail struct {
	mu     sync.Mutex
	done   map[string]bool
	db     *sql.DB
	mailer ShipMailer
}

// Near miss: the memory stands in front of a guarded UPDATE whose rows
// affected say which call mails; after a restart the database still
// says the order was mailed about.
func (s *ShippedMail) Notify(ctx context.Context, orderID, email string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done[orderID] {
		return nil
	}
	res, err := s.db.ExecContext(ctx, `UPDATE orders SET shipped_notified_at = now() WHERE id = $1 AND shipped_notified_at IS NULL`, orderID)
	if err != nil {
		return err
	}
	s.done[orderID] = true
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return s.mailer.Send(ctx, email, "order_shipped")
}

// The guarded UPDATE runs after the mail: after a restart the memory is
// empty and the order mailed about again before the UPDATE finds it done.
func (s *ShippedMail) NotifyThenMark(ctx context.Context, orderID, email string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done[orderID] { // want `volatile dedup memory: the map s.done is the only record that the key was handled and lives in this process, so the call ShipMailer.Send at line \d+ runs again`
		return nil
	}
	if err := s.mailer.Send(ctx, email, "order_shipped"); err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE orders SET shipped_notified_at = now() WHERE id = $1 AND shipped_notified_at IS NULL`, orderID); err != nil {
		return err
	}
	s.done[orderID] = true
	return nil
}
