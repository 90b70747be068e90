package summaries // want package:"field writes known"

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// Writes a redelivered message repeats (doubles=): each positive beside
// the near miss that writes the same thing idempotently.

// A relative update adds the amount again on every run.
func (s *Store) AddBalance(ctx context.Context, id string, amount int64) error { // want AddBalance:"doubles=true saves=-1$"
	_, err := s.db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, id)
	return err
}

// Near miss: an absolute target leaves the row as one run would.
func (s *Store) SetBalance(ctx context.Context, id string, balance int64) error { // want SetBalance:"doubles=false saves=-1$"
	_, err := s.db.ExecContext(ctx, `UPDATE accounts SET balance = $1 WHERE id = $2`, balance, id)
	return err
}

// Near miss: guarded by the version it read, a second run changes nothing.
func (s *Store) AddBalanceAt(ctx context.Context, id string, amount, version int64) error { // want AddBalanceAt:"doubles=false saves=-1$"
	_, err := s.db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1, version = version + 1 WHERE id = $2 AND version = $3`, amount, id, version)
	return err
}

// The database mints the entry's serial key: every run inserts a row.
func (s *Store) AddEntry(ctx context.Context, account string, amount int64) error { // want AddEntry:"doubles=true saves=-1$"
	_, err := s.db.ExecContext(ctx, `INSERT INTO entries (account_id, amount) VALUES ($1, $2)`, account, amount)
	return err
}

// Near miss: keyed by the id its caller passes, a second run is a
// duplicate key.
func (s *Store) AddEntryKeyed(ctx context.Context, id, account string, amount int64) error { // want AddEntryKeyed:"doubles=false saves=-1$"
	_, err := s.db.ExecContext(ctx, `INSERT INTO entries (id, account_id, amount) VALUES ($1, $2, $3)`, id, account, amount)
	return err
}

// Near miss: a delivery attempt is meant to be recorded once per run.
func (s *Store) AddAttempt(ctx context.Context, delivery string, status int) error { // want AddAttempt:"doubles=false saves=-1$"
	_, err := s.db.ExecContext(ctx, `INSERT INTO delivery_attempts (id, delivery_id, status) VALUES ($1, $2, $3)`, uuid.NewString(), delivery, status)
	return err
}

// A uuid minted in the body keys a new row on every run.
func (s *Store) AddEntryMinted(ctx context.Context, account string, amount int64) error { // want AddEntryMinted:"doubles=true saves=-1$"
	_, err := s.db.ExecContext(ctx, `INSERT INTO entries (id, account_id, amount) VALUES ($1, $2, $3)`, uuid.NewString(), account, amount)
	return err
}

// A redis counter counts every run.
func CountView(ctx context.Context, rdb *redis.Client, page string) error { // want CountView:"doubles=true saves=-1 keyvalue keyform=\\(\"views:\"\\+\\$\\)$"
	return rdb.Incr(ctx, "views:"+page).Err()
}

// Near miss: setting a key twice sets it once.
func MarkViewed(ctx context.Context, rdb *redis.Client, page string) error { // want MarkViewed:"doubles=false saves=-1 keyvalue keyform=\\(\"viewed:\"\\+\\$\\)$"
	return rdb.Set(ctx, "viewed:"+page, 1, 0).Err()
}

// Near miss for keyvalue: a body that also writes a table is not a
// key-value helper to its callers.
func MarkViewedAndLog(ctx context.Context, rdb *redis.Client, db *sql.DB, page string) error { // want MarkViewedAndLog:"saves=-1 keyform=\\(\"viewed:\"\\+\\$\\)$"
	if err := rdb.Set(ctx, "viewed:"+page, 1, 0).Err(); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE pages SET viewed = true WHERE id = $1`, page)
	return err
}

// A WHERE on a column the update leaves alone (sku is no key by name)
// matches the row again: the amount is added again.
func (s *Store) ReserveBySKU(ctx context.Context, sku string, n int64) error { // want ReserveBySKU:"doubles=true saves=-1$"
	_, err := s.db.ExecContext(ctx, `UPDATE inventory SET reserved = reserved + $1 WHERE sku = $2`, n, sku)
	return err
}

// Near miss: the WHERE tests the state the SET moves on from; a second
// run changes no row.
func (s *Store) ReserveHeld(ctx context.Context, sku string, n int64) error { // want ReserveHeld:"doubles=false saves=-1$"
	_, err := s.db.ExecContext(ctx, `UPDATE inventory SET reserved = reserved + $1, state = 'held' WHERE sku = $2 AND state = 'free'`, n, sku)
	return err
}

// Near miss: the addition runs only where the event's claim added its
// row, so a second run with the same event adds nothing.
func (s *Store) AddBalanceOnce(ctx context.Context, eventID, id string, amount int64) error { // want AddBalanceOnce:"doubles=false saves=-1$"
	res, err := s.db.ExecContext(ctx, `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, eventID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	_, err = s.db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, id)
	return err
}

// The claim is made, but the addition runs whatever it said.
func (s *Store) AddBalanceClaimIgnored(ctx context.Context, eventID, id string, amount int64) error { // want AddBalanceClaimIgnored:"doubles=true saves=-1$"
	if _, err := s.db.ExecContext(ctx, `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, eventID); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, id)
	return err
}
