// Package dupsentinel is the textbook case written the way services
// write it: a repository interface whose implementation maps the insert's
// unique violation to its own ErrDuplicate, a mailer and a charger behind
// interfaces, and handlers that answer errors.
package dupsentinel

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

// ErrDuplicate is what the repository makes of a unique violation.
var ErrDuplicate = errors.New("duplicate")

// ErrEmailTaken is what the service answers when the check finds the user.
var ErrEmailTaken = errors.New("e-mail taken")

type Users interface {
	Exists(ctx context.Context, email string) (bool, error)
	Create(ctx context.Context, email string) error
}

type Mailer interface {
	SendWelcome(ctx context.Context, email string) error
}

type Charger interface {
	Charge(ctx context.Context, email string, cents int64) error
}

type pgUsers struct{ db *sql.DB }

func (r *pgUsers) Exists(ctx context.Context, email string) (bool, error) {
	var ok bool
	err := r.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM users WHERE email = $1)`, email).Scan(&ok)
	return ok, err
}

// Create maps the unique violation to ErrDuplicate: it hands the
// duplicate to its callers, it does not answer it.
func (r *pgUsers) Create(ctx context.Context, email string) error {
	_, err := r.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrDuplicate
	}
	return err
}
