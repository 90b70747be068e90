// Package store wraps the generated queries with the error conventions the
// service layer expects.
package store

import (
	"errors"

	"github.com/jackc/pgerrcode"
	"github.com/jackc/pgx/v5/pgconn"
)

var (
	// ErrNotFound is returned when the requested row does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrDuplicate is returned when an insert hits a unique constraint.
	ErrDuplicate = errors.New("store: duplicate key")
	// ErrAlreadyExists is the ledger flavour of ErrDuplicate.
	ErrAlreadyExists = errors.New("store: already exists")
)

func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == pgerrcode.UniqueViolation
}

// IsUniqueViolation reports whether err is a PostgreSQL unique_violation.
func IsUniqueViolation(err error) bool { return isUniqueViolation(err) }
