package dupsentinel

import (
	"context"
	"database/sql"
	"errors"

	"github.com/go-sql-driver/mysql"
	"github.com/lib/pq"
	"github.com/mattn/go-sqlite3"
)

// ErrOrderExists is what the order helpers make of a unique violation.
var ErrOrderExists = errors.New("order exists")

type Orders struct{ db *sql.DB }

func (o *Orders) Has(ctx context.Context, ref string) bool {
	var ok bool
	o.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM orders WHERE ref = $1)`, ref).Scan(&ok)
	return ok
}

// AddPq maps lib/pq's unique_violation to ErrOrderExists.
func (o *Orders) AddPq(ctx context.Context, ref string) error {
	_, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES ($1)`, ref)
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code.Name() == "unique_violation" {
		return ErrOrderExists
	}
	return err
}

// AddMySQL maps MySQL's 1062 to ErrOrderExists.
func (o *Orders) AddMySQL(ctx context.Context, ref string) error {
	_, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES (?)`, ref)
	var myErr *mysql.MySQLError
	if errors.As(err, &myErr) && myErr.Number == 1062 {
		return ErrOrderExists
	}
	return err
}

// AddSQLite maps SQLite's unique constraint failure to ErrOrderExists.
func (o *Orders) AddSQLite(ctx context.Context, ref string) error {
	_, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES (?)`, ref)
	var liteErr sqlite3.Error
	if errors.As(err, &liteErr) && liteErr.ExtendedCode == sqlite3.ErrConstraintUnique {
		return ErrOrderExists
	}
	return err
}

// AddIgnoring answers the unique violation itself: a duplicate is done.
func (o *Orders) AddIgnoring(ctx context.Context, ref string) error {
	_, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES ($1)`, ref)
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code.Name() == "unique_violation" {
		return nil
	}
	return err
}

// The helper's sentinel is returned raw: nothing tests it.
func (o *Orders) PlacePq(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) { // want `check-then-act race: the existence check Has .* ErrOrderExists, which no caller tests`
		return nil
	}
	return o.AddPq(ctx, ref)
}

// Near miss: the same with the sentinel tested.
func (o *Orders) PlacePqTested(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) {
		return nil
	}
	if err := o.AddPq(ctx, ref); !errors.Is(err, ErrOrderExists) {
		return err
	}
	return nil
}

func (o *Orders) PlaceMySQL(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) { // want `check-then-act race: the existence check Has .* ErrOrderExists, which no caller tests`
		return nil
	}
	return o.AddMySQL(ctx, ref)
}

func (o *Orders) PlaceSQLite(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) { // want `check-then-act race: the existence check Has .* ErrOrderExists, which no caller tests`
		return nil
	}
	return o.AddSQLite(ctx, ref)
}

// Near miss: a caller that wraps the sentinel-returning place and tests it.
func (o *Orders) placeSQLiteQuietly(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) {
		return nil
	}
	return o.AddSQLite(ctx, ref)
}

func (o *Orders) PlaceBatch(ctx context.Context, refs []string) error {
	for _, ref := range refs {
		if err := o.placeSQLiteQuietly(ctx, ref); err != nil && !errors.Is(err, ErrOrderExists) {
			return err
		}
	}
	return nil
}

// Near miss: the helper answers the duplicate itself.
func (o *Orders) PlaceIgnoring(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) {
		return nil
	}
	return o.AddIgnoring(ctx, ref)
}

// A raw insert whose violation this function maps to the sentinel and
// returns to callers that do not test it.
func (o *Orders) PlaceInline(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) { // want `check-then-act race: the existence check Has .* ErrOrderExists, which no caller tests`
		return nil
	}
	_, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES ($1)`, ref)
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code.Name() == "unique_violation" {
		return ErrOrderExists
	}
	return err
}

// Near miss: the same, answered inline.
func (o *Orders) PlaceInlineAnswered(ctx context.Context, ref string) error {
	if o.Has(ctx, ref) {
		return nil
	}
	_, err := o.db.ExecContext(ctx, `INSERT INTO orders (ref) VALUES ($1)`, ref)
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code.Name() == "unique_violation" {
		return nil
	}
	return err
}
