// Package sqlxrepo implements store ports on sqlx and lib/pq.
package sqlxrepo

import (
	"database/sql"
	"errors"

	"github.com/lib/pq"

	"example.com/shop4/internal/store"
)

func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return store.ErrDuplicate
	}
	return err
}
