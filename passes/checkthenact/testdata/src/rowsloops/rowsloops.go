// Package rowsloops holds checks whose answer comes out of a loop over a
// query's rows: a flag set in the loop, a count incremented in it, a
// count(*) scanned in it, with database/sql and gorm's Rows().
package rowsloops

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
)

type Store struct{ db *sql.DB }

// Two subscribes of one address both see no row in the loop and both
// insert it.
func (s *Store) Subscribe(ctx context.Context, email string) error {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM subscribers WHERE email = $1`, email) // want `check-then-act race: the existence check on subscribers and the insert at line \d+ are separate steps`
	if err != nil {
		return err
	}
	defer rows.Close()
	found := false
	for rows.Next() {
		found = true
	}
	if found {
		return nil
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1)`, email)
	return err
}

// Near miss: the same loop, then an insert that picks one winner.
func (s *Store) SubscribeOnConflict(ctx context.Context, email string) error {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM subscribers WHERE email = $1`, email)
	if err != nil {
		return err
	}
	defer rows.Close()
	found := false
	for rows.Next() {
		found = true
	}
	if found {
		return nil
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1) ON CONFLICT (email) DO NOTHING`, email)
	return err
}

// The rows counted one by one: none means absent.
func (s *Store) AddTag(ctx context.Context, postID int64, tag string) error {
	rows, err := s.db.QueryContext(ctx, `SELECT tag FROM post_tags WHERE post_id = $1 AND tag = $2`, postID, tag) // want `check-then-act race: the existence check on post_tags and the insert at line \d+ are separate steps`
	if err != nil {
		return err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	if n == 0 {
		_, err = s.db.ExecContext(ctx, `INSERT INTO post_tags (post_id, tag) VALUES ($1, $2)`, postID, tag)
	}
	return err
}

// Near miss: the counted rows decide an upsert, one statement.
func (s *Store) AddTagUpsert(ctx context.Context, postID int64, tag string) error {
	rows, err := s.db.QueryContext(ctx, `SELECT tag FROM post_tags WHERE post_id = $1 AND tag = $2`, postID, tag)
	if err != nil {
		return err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	if n == 0 {
		_, err = s.db.ExecContext(ctx, `INSERT INTO post_tags (post_id, tag) VALUES ($1, $2) ON CONFLICT (post_id, tag) DO UPDATE SET tag = EXCLUDED.tag`, postID, tag)
	}
	return err
}

// A limit: the sessions counted in the loop, compared with the cap, then
// one more inserted.
func (s *Store) OpenSession(ctx context.Context, userID int64, limit int) error {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM sessions WHERE user_id = $1`, userID) // want `limit race: the count of sessions is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
	if err != nil {
		return err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	if n >= limit {
		return errors.New("too many sessions")
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO sessions (user_id) VALUES ($1)`, userID)
	return err
}

// Near miss: the user's row is locked first in the transaction, so the
// second caller counts after the first committed.
func (s *Store) OpenSessionLocked(ctx context.Context, userID int64, limit int) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, userID); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id FROM sessions WHERE user_id = $1`, userID)
	if err != nil {
		return err
	}
	n := 0
	for rows.Next() {
		n++
	}
	rows.Close()
	if n >= limit {
		return errors.New("too many sessions")
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO sessions (user_id) VALUES ($1)`, userID); err != nil {
		return err
	}
	return tx.Commit()
}

// A count(*) read through the rows loop (gorm Rows), compared with a
// limit, then an insert into the counted table.
type Event struct {
	ID      int64
	OrderID int64
	IP      string
}

func Download(db *gorm.DB, orderID int64, ip string) error {
	rows, err := db.Model(&Event{}).Where("order_id = ?", orderID).Rows() // want `limit race: the count Rows is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
	if err != nil {
		return err
	}
	var count uint64
	for rows.Next() {
		if err := rows.Scan(&count); err != nil {
			return err
		}
	}
	if count > 5 {
		return errors.New("too many addresses")
	}
	return db.Create(&Event{OrderID: orderID, IP: ip}).Error
}

// Near miss: the loop only lists what it found; the rows are shown, no
// write follows.
func Events(db *gorm.DB, orderID int64) (int, error) {
	rows, err := db.Model(&Event{}).Where("order_id = ?", orderID).Rows()
	if err != nil {
		return 0, err
	}
	n := 0
	for rows.Next() {
		n++
	}
	return n, nil
}

// No loop: one rows.Next() answers whether a row came back, and two
// subscribes both see none and both insert.
func (s *Store) SubscribeNext(ctx context.Context, email string) error {
	rows, err := s.db.QueryContext(ctx, `SELECT 1 FROM subscribers WHERE email = $1 LIMIT 1`, email) // want `check-then-act race: the existence check on subscribers and the insert at line \d+ are separate steps`
	if err != nil {
		return err
	}
	found := rows.Next()
	rows.Close()
	if found {
		return nil
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1)`, email)
	return err
}

// Near miss: rows.Next() gates an update of the row found, not an insert
// of a missing one.
func (s *Store) TouchNext(ctx context.Context, email string) error {
	rows, err := s.db.QueryContext(ctx, `SELECT 1 FROM subscribers WHERE email = $1 LIMIT 1`, email)
	if err != nil {
		return err
	}
	found := rows.Next()
	rows.Close()
	if !found {
		return nil
	}
	_, err = s.db.ExecContext(ctx, `UPDATE subscribers SET seen_at = now() WHERE email = $1`, email)
	return err
}
