package fixes

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrTaken = errors.New("taken")

// The newcomer's sign-up: the insert's error is tested in an if, and the
// welcome e-mail, through a func-typed field, is returned after it. The
// fix keeps the result, and a loser returns what the check's present
// branch returns, before the e-mail.
type Signup struct {
	pool        *pgxpool.Pool
	db          *sql.DB
	sendWelcome func(ctx context.Context, email string) error
}

func (s *Signup) Register(ctx context.Context, email string) error {
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)`, email).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if exists {
		return nil
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO users (email) VALUES ($1)`, email); err != nil {
		return err
	}
	return s.sendWelcome(ctx, email)
}

// database/sql, the same shape, a sentinel for the present row.
func (s *Signup) RegisterSQL(ctx context.Context, email string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE email = $1`, email).Scan(&n); err != nil { // want `check-then-act race`
		return 0, err
	}
	if n > 0 {
		return 0, ErrTaken
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email); err != nil {
		return 0, err
	}
	return 1, s.sendWelcome(ctx, email)
}

// Near miss for the fix: no unique key on subscribers.email, so no edit,
// and the message gives the index to add.
func (s *Signup) Subscribe(ctx context.Context, email string) error {
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM subscribers WHERE email = $1)`, email).Scan(&exists); err != nil { // want `check-then-act race.*no fix: migrations/0001_init.up.sql declares no unique constraint on subscribers \(email\).*CREATE UNIQUE INDEX CONCURRENTLY`
		return err
	}
	if exists {
		return nil
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO subscribers (email) VALUES ($1)`, email); err != nil {
		return err
	}
	return s.sendWelcome(ctx, email)
}

// Near miss for the fix: the present branch does more than return, so
// what a loser should answer is not mechanical; the message names the
// act instead.
func (s *Signup) RegisterLogged(ctx context.Context, email string, seen func(string)) error {
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)`, email).Scan(&exists); err != nil { // want `check-then-act race.*no fix: s.sendWelcome after the insert must run only for the caller whose insert added the row`
		return err
	}
	if exists {
		seen(email)
		return nil
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO users (email) VALUES ($1)`, email); err != nil {
		return err
	}
	return s.sendWelcome(ctx, email)
}
