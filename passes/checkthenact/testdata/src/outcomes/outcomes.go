// Package outcomes tests the check's "absent" result in the shapes
// services write: compound conditions, counts compared with one, the
// length of a filled slice, go-redis's promoted Err, and the zero key of
// a struct a read filled. Each positive has a near miss beside it.
package outcomes

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

type Store struct {
	db  *sql.DB
	x   *sqlx.DB
	orm *gorm.DB
	rdb *redis.Client
}

// found && extra: the absent caller always takes the else.
func (s *Store) enable(ctx context.Context, name string, force bool) error {
	var exists bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM flags WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race: the existence check on flags`
		return err
	}
	if exists && !force {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
	return err
}

// Near miss: the insert follows the if whatever the check found.
func (s *Store) enableAlways(ctx context.Context, name string, force bool) error {
	var exists bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM flags WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if exists && !force {
		log.Print("flag exists")
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
	return err
}

// !found || stale: the absent caller always takes the then.
func (s *Store) refresh(ctx context.Context, name string, stale bool) error {
	var exists bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM flags WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race: the existence check on flags`
		return err
	}
	if !exists || stale {
		_, err := s.db.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

// Near miss: found || stale: the insert runs when the flag exists.
func (s *Store) refreshPresent(ctx context.Context, name string, stale bool) error {
	var exists bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM flags WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if exists || stale {
		_, err := s.db.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

// n == 1: a count of one is the row; anything else takes the insert.
func (s *Store) countOne(ctx context.Context, name string) error {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM flags WHERE name = $1`, name).Scan(&n); err != nil { // want `check-then-act race: the existence check on flags`
		return err
	}
	if n == 1 {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
	return err
}

// Near miss: the insert runs when the count is one.
func (s *Store) countOnePresent(ctx context.Context, name string) error {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM flags WHERE name = $1`, name).Scan(&n); err != nil {
		return err
	}
	if n == 1 {
		_, err := s.db.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

type Flag struct {
	ID   int64
	Name string
}

// len(rows) > 0 after sqlx Select.
func (s *Store) selectThenInsert(ctx context.Context, name string) error {
	var rows []Flag
	if err := s.x.SelectContext(ctx, &rows, `SELECT id, name FROM flags WHERE name = $1`, name); err != nil { // want `check-then-act race: the existence check on flags`
		return err
	}
	if len(rows) > 0 {
		return nil
	}
	_, err := s.x.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
	return err
}

// Near miss: the insert runs when rows were found.
func (s *Store) selectThenInsertPresent(ctx context.Context, name string) error {
	var rows []Flag
	if err := s.x.SelectContext(ctx, &rows, `SELECT id, name FROM flags WHERE name = $1`, name); err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil
	}
	_, err := s.x.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
	return err
}

// len(rows) == 0 after gorm Find into a slice.
func (s *Store) findThenCreate(name string) error {
	var flags []Flag
	s.orm.Where("name = ?", name).Find(&flags) // want `check-then-act race: the existence check Find`
	if len(flags) == 0 {
		return s.orm.Create(&Flag{Name: name}).Error
	}
	return nil
}

// The created record's ID is returned: after ON CONFLICT DO NOTHING a
// losing caller would return 0, so no mechanical fix is offered (the
// golden file keeps this function as it is).
func (s *Store) findOrCreateID(name string) (int64, error) {
	var flags []Flag
	s.orm.Where("name = ?", name).Find(&flags) // want `check-then-act race: the existence check Find`
	if len(flags) == 0 {
		flag := Flag{Name: name}
		err := s.orm.Create(&flag).Error
		return flag.ID, err
	}
	return flags[0].ID, nil
}

// Near miss for the fix: the record is created by address but not read
// after, so the fix is offered.
func (s *Store) findOrCreateQuiet(name string) error {
	var flags []Flag
	s.orm.Where("name = ?", name).Find(&flags) // want `check-then-act race: the existence check Find`
	if len(flags) == 0 {
		flag := Flag{Name: name}
		return s.orm.Create(&flag).Error
	}
	return nil
}

// Near miss: the length tested is another slice's.
func (s *Store) findThenCreateOther(name string, pending []string) error {
	var flags []Flag
	s.orm.Where("name = ?", name).Find(&flags)
	if len(pending) == 0 {
		return s.orm.Create(&Flag{Name: name}).Error
	}
	return nil
}

// go-redis: Err is promoted from the command's embedded baseCmd.
func (s *Store) deliver(ctx context.Context, id string) error {
	cmd := s.rdb.Get(ctx, "evt:"+id) // want `check-then-act race: the existence check Get`
	if cmd.Err() != redis.Nil {
		return cmd.Err()
	}
	s.rdb.Set(ctx, "evt:"+id, "done", time.Hour)
	_, err := http.Post("https://partner.example/hook", "application/json", nil)
	return err
}

// Near miss: the key set is another one.
func (s *Store) deliverOther(ctx context.Context, id string) error {
	cmd := s.rdb.Get(ctx, "evt:"+id)
	if cmd.Err() != redis.Nil {
		return cmd.Err()
	}
	s.rdb.Set(ctx, "attempt:"+id, "done", time.Hour)
	_, err := http.Post("https://partner.example/hook", "application/json", nil)
	return err
}

// The read fills a struct, its ErrNoRows swallowed; the zero key says the
// tag is absent (shiori's stmtGetTag.GetContext then tag.ID == 0).
func (s *Store) tagID(ctx context.Context, name string) (int64, error) {
	var tag Flag
	err := s.x.GetContext(ctx, &tag, `SELECT id, name FROM flags WHERE name = $1`, name) // want `check-then-act race: the existence check on flags`
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	if tag.ID == 0 {
		_, err := s.x.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
		return 0, err
	}
	return tag.ID, nil
}

// Near miss: the key tested is the name's, which the caller set.
func (s *Store) tagIDByName(ctx context.Context, name string) (int64, error) {
	tag := Flag{Name: name}
	err := s.x.GetContext(ctx, &tag, `SELECT id, name FROM flags WHERE name = $1`, name)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	if tag.Name == "" {
		_, err := s.x.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
		return 0, err
	}
	return tag.ID, nil
}

// A session with no signing key yet: the read returns on ErrNoRows, so
// the row exists below it, and the nil RefreshKey is an attribute of the
// row, not its absence (supabase auth's RefreshTokenHmacKey).
type Session struct {
	ID         int64
	RefreshKey *string
}

// Near miss: the key-named field tested is an optional attribute; a
// session without one is followed by a new session that has one.
func (s *Store) refreshSession(ctx context.Context, id int64) error {
	var sess Session
	if err := s.x.GetContext(ctx, &sess, `SELECT id, refresh_key FROM sessions WHERE id = $1`, id); err != nil {
		return err
	}
	if sess.RefreshKey == nil {
		_, err := s.x.ExecContext(ctx, `INSERT INTO sessions (parent_id) VALUES ($1)`, id)
		return err
	}
	return nil
}

// The session's own ID tested after a read that swallows ErrNoRows.
func (s *Store) sessionOrCreate(ctx context.Context, id int64) error {
	var sess Session
	err := s.x.GetContext(ctx, &sess, `SELECT id, refresh_key FROM sessions WHERE id = $1`, id) // want `check-then-act race: the existence check on sessions`
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if sess.ID == 0 {
		_, err := s.x.ExecContext(ctx, `INSERT INTO sessions (id) VALUES ($1)`, id)
		return err
	}
	return nil
}

// SELECT 1 ... WHERE: the probe ends in ErrNoRows when the row is absent.
func (s *Store) probe(ctx context.Context, name string) error {
	var one int
	err := s.db.QueryRowContext(ctx, `SELECT 1 FROM flags WHERE name = $1`, name).Scan(&one) // want `check-then-act race: the existence check on flags`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
	}
	return err
}

// Near miss: a failed SELECT EXISTS is no answer; the insert on its error
// is error handling, not the absent branch.
func (s *Store) probeFailed(ctx context.Context, name string) error {
	var exists bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM flags WHERE name = $1)`, name).Scan(&exists)
	if err != nil {
		_, err = s.db.ExecContext(ctx, `INSERT INTO flags (name) VALUES ($1)`, name)
	}
	return err
}
