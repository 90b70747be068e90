// Package cachefills reads rooms through an in-process cache that a read
// fills (Dendrite's roomserver keeps events in a ristretto cache it fills
// after each database read).
package cachefills

import (
	"context"
	"database/sql"
	"errors"

	lru "github.com/hashicorp/golang-lru/v2"
)

type Room struct {
	ID      string
	Version string
}

type Store struct {
	db    *sql.DB
	cache *lru.Cache[string, Room]
}

// room reads a room, from the cache or the database, and keeps what the
// database said: a read, though it stores into the cache.
func (s *Store) room(ctx context.Context, id string) (*Room, error) {
	if r, ok := s.cache.Get(id); ok {
		return &r, nil
	}
	var r Room
	err := s.db.QueryRowContext(ctx, `SELECT id, version FROM rooms WHERE id = $1`, id).Scan(&r.ID, &r.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s.cache.Add(id, r)
	return &r, nil
}

// Near miss: the room must exist to be evacuated; reading it again
// through the cache inserts nothing.
func (s *Store) evacuate(ctx context.Context, id string) error {
	r, err := s.room(ctx, id)
	if err != nil {
		return err
	}
	if r == nil {
		return errors.New("no such room")
	}
	latest, err := s.room(ctx, r.ID)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE rooms SET version = $2 WHERE id = $1`, latest.ID, latest.Version)
	return err
}

// createRoom inserts the room and caches it.
func (s *Store) createRoom(ctx context.Context, id string) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO rooms (id, version) VALUES ($1, '10')`, id); err != nil {
		return err
	}
	s.cache.Add(id, Room{ID: id, Version: "10"})
	return nil
}

// The check-then-insert beside it: two creations both find no room and
// both insert; the helper's cache fill does not make it a read.
func (s *Store) ensureRoom(ctx context.Context, id string) error {
	r, err := s.room(ctx, id) // want `check-then-act race`
	if err != nil {
		return err
	}
	if r != nil {
		return nil
	}
	return s.createRoom(ctx, id)
}
