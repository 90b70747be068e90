// Package store holds check-then-insert races whose unique violation
// becomes a sentinel that the handlers of another package (layered/api)
// may answer: this package cannot see them, the module's text can.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5/pgconn"
)

var (
	// ErrEmailTaken is answered by the API with 409.
	ErrEmailTaken = errors.New("e-mail taken")
	// ErrNameTaken is only wrapped by the API on its way to a 500.
	ErrNameTaken = errors.New("team name taken")
)

type Store struct{ db *sql.DB }

func (s *Store) userExists(ctx context.Context, email string) (bool, error) {
	var ok bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM users WHERE email = $1)`, email).Scan(&ok)
	return ok, err
}

func (s *Store) insertUser(ctx context.Context, email string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrEmailTaken
	}
	return err
}

// Near miss: the twin's ErrEmailTaken reaches the API, which tests it.
func (s *Store) Register(ctx context.Context, email string) error {
	taken, err := s.userExists(ctx, email)
	if err != nil {
		return err
	}
	if taken {
		return fmt.Errorf("%s is registered", email)
	}
	return s.insertUser(ctx, email)
}

// The same race behind a handler of this package's own, which no other
// package can call: the sentinel the API tests elsewhere never reaches
// it from here.
func (s *Store) invite(ctx context.Context, email string) error {
	taken, err := s.userExists(ctx, email) // want `check-then-act race: .* ErrEmailTaken, which no caller tests`
	if err != nil || taken {
		return err
	}
	return s.insertUser(ctx, email)
}

func (s *Store) Routes(mux *http.ServeMux) {
	mux.HandleFunc("/invite", func(w http.ResponseWriter, r *http.Request) {
		if err := s.invite(r.Context(), r.FormValue("email")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
}

// The API wraps ErrNameTaken but never tests it.
func (s *Store) CreateTeam(ctx context.Context, name string) error {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM teams WHERE name = $1`, name).Scan(&n); err != nil { // want `check-then-act race: .* ErrNameTaken, which no caller tests`
		return err
	}
	if n > 0 {
		return fmt.Errorf("team %q exists", name)
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO teams (name) VALUES ($1)`, name)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrNameTaken
	}
	return err
}
