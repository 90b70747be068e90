// Package store translates driver errors once, in mapErr, as most stores
// do: a unique violation becomes ErrAlreadyExists.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
)

var (
	ErrAlreadyExists = errors.New("already exists")
	ErrNotFound      = errors.New("not found")
)

func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("%w: %s", ErrAlreadyExists, pgErr.ConstraintName)
	}
	return err
}

type Messages struct{ DB *sql.DB }

// Add stores a reply under the composer's client id, unique per ticket.
func (m *Messages) Add(ctx context.Context, ticketID int64, clientID, body string) error {
	_, err := m.DB.ExecContext(ctx, `INSERT INTO ticket_messages (ticket_id, client_msg_id, body) VALUES ($1, $2, $3)`, ticketID, clientID, body)
	return mapErr(err)
}

// Note stores an internal note; its error passes through a logger of the
// package, no mapper.
func (m *Messages) Note(ctx context.Context, ticketID int64, body string) error {
	_, err := m.DB.ExecContext(ctx, `INSERT INTO ticket_notes (ticket_id, body) VALUES ($1, $2)`, ticketID, body)
	return logged(err)
}

func logged(err error) error {
	if err != nil {
		fmt.Println("store:", err)
	}
	return err
}
