// Package store registers the bus's handlers at start-up. The package
// that dispatches does not import it, so no summary of these handlers
// reaches a dispatch: the message's type name says what it does.
package store

import (
	"context"
	"database/sql"

	"buscheck/apperr"
	"buscheck/bus"
	"buscheck/cmd"
	"buscheck/query"
)

var db *sql.DB

func Init() {
	bus.AddHandler(getUserByEmail)
	bus.AddHandler(registerUser)
}

func getUserByEmail(ctx context.Context, q *query.GetUserByEmail) error {
	u := &query.User{}
	err := db.QueryRowContext(ctx, "SELECT id, email FROM users WHERE email = $1", q.Email).Scan(&u.ID, &u.Email)
	if err == sql.ErrNoRows {
		return apperr.Wrap(apperr.ErrNotFound)
	}
	q.Result = u
	return err
}

func registerUser(ctx context.Context, c *cmd.RegisterUser) error {
	_, err := db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", c.User.Email)
	return err
}
