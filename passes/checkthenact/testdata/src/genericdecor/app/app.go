// Package app names an instantiation of the decorator's generic interface
// as its own type (RegisterHandler): the interface's methods are the
// decorator's objects, so facts about them are not this package's to
// set. This package is analysed whole all the same (its own race below
// is reported).
package app

import (
	"context"
	"database/sql"
	"errors"

	"genericdecor/decorator"
)

type Register struct{ Email string }

type RegisterHandler decorator.CommandHandler[Register]

type registerHandler struct{ db *sql.DB }

var errTaken = errors.New("email taken")

func (h registerHandler) Handle(ctx context.Context, cmd Register) error {
	var n int
	if err := h.db.QueryRowContext(ctx, `SELECT count(*) FROM members WHERE email = $1`, cmd.Email).Scan(&n); err != nil { // want `check-then-act race`
		return err
	}
	if n > 0 {
		return errTaken
	}
	_, err := h.db.ExecContext(ctx, `INSERT INTO members (email) VALUES ($1)`, cmd.Email)
	return err
}

func NewRegisterHandler(db *sql.DB) RegisterHandler {
	return decorator.WithLogging[Register](registerHandler{db: db})
}

type rejoinHandler struct{ db *sql.DB }

// Near miss: the handler behind the same generic interface inserts with
// the conflict skipped and reads the outcome.
func (h rejoinHandler) Handle(ctx context.Context, cmd Register) error {
	res, err := h.db.ExecContext(ctx, `INSERT INTO members (email) VALUES ($1) ON CONFLICT (email) DO NOTHING`, cmd.Email)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errTaken
	}
	return nil
}

func NewRejoinHandler(db *sql.DB) RegisterHandler {
	return decorator.WithLogging[Register](rejoinHandler{db: db})
}
