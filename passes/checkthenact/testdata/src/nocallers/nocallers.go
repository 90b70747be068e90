// Package nocallers has check-then-insert races in unexported functions
// and methods nothing calls (dead code: the race is in code no request
// reaches), beside the same shape reached by a handler, an interface, a
// registry of handlers, or exported to other packages.
package nocallers

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
)

type Store struct{ db *sql.DB }

// legacyEnsureTag is left over from an old import path: nothing calls it.
func (s *Store) legacyEnsureTag(ctx context.Context, name string) error {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM tags WHERE name = $1`, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, name)
	}
	return err
}

// oldSignup is a function nothing calls, and ensureProfile is called
// only by it: both are dead.
func oldSignup(ctx context.Context, db *sql.DB, email string) error {
	return ensureProfile(ctx, db, email)
}

func ensureProfile(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM profiles WHERE email = $1`, email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, `INSERT INTO profiles (email) VALUES ($1)`, email)
	}
	return err
}

// Near miss: the same method, called by a handler.
func (s *Store) ensureLabel(ctx context.Context, name string) error {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM labels WHERE name = $1`, name).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, `INSERT INTO labels (name) VALUES ($1)`, name)
	}
	return err
}

func (s *Store) ServeLabel(w http.ResponseWriter, r *http.Request) {
	if err := s.ensureLabel(r.Context(), r.FormValue("name")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Near miss: a method no code calls by name, but an interface of the
// package declares it, and its values are handed to code that calls it.
type topicEnsurer interface {
	ensureTopic(ctx context.Context, name string) error
}

func (s *Store) ensureTopic(ctx context.Context, name string) error {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM topics WHERE name = $1`, name).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, `INSERT INTO topics (name) VALUES ($1)`, name)
	}
	return err
}

var _ topicEnsurer = (*Store)(nil)

// Near miss: a method named in a registry of handlers, a package variable
// whose initialiser is the only code that mentions it.
var actions = map[string]func(*Store, context.Context, string) error{
	"channel": (*Store).ensureChannel,
}

func (s *Store) ensureChannel(ctx context.Context, name string) error {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM channels WHERE name = $1`, name).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, `INSERT INTO channels (name) VALUES ($1)`, name)
	}
	return err
}

func (s *Store) Act(ctx context.Context, action, name string) error {
	return actions[action](s, ctx, name)
}

// Near miss: a function handed to a router as a value.
func createGroup(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := r.FormValue("name")
		var id int64
		err := db.QueryRowContext(r.Context(), `SELECT id FROM groups WHERE name = $1`, name).Scan(&id) // want `check-then-act race`
		if errors.Is(err, sql.ErrNoRows) {
			_, err = db.ExecContext(r.Context(), `INSERT INTO groups (name) VALUES ($1)`, name)
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

func Routes(mux *http.ServeMux, db *sql.DB) {
	mux.Handle("/groups", createGroup(db))
}

// Near miss: an exported method nothing in this package calls; another
// package may.
func (s *Store) EnsureFolder(ctx context.Context, name string) error {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM folders WHERE name = $1`, name).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, `INSERT INTO folders (name) VALUES ($1)`, name)
	}
	return err
}
