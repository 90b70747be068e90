package checkthenact

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"
)

var sqb = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// ReserveSeatSquirrel selects the seat through a squirrel chain run on
// the pool, then inserts it with another.
func ReserveSeatSquirrel(ctx context.Context, db *sql.DB, show, seat string) error {
	var id int64
	err := sqb.Select("id").From("seats").Where(sq.Eq{"show": show, "seat": seat}).RunWith(db).QueryRowContext(ctx).Scan(&id) // want:checkthenact
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = sqb.Insert("seats").Columns("show", "seat").Values(show, seat).RunWith(db).ExecContext(ctx)
	return err
}

// ReserveSeatSquirrelSuffix inserts with ON CONFLICT DO NOTHING in the
// chain's suffix.
func ReserveSeatSquirrelSuffix(ctx context.Context, db *sql.DB, show, seat string) error {
	var id int64
	err := sqb.Select("id").From("seats").Where(sq.Eq{"show": show, "seat": seat}).RunWith(db).QueryRowContext(ctx).Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = sqb.Insert("seats").Columns("show", "seat").Values(show, seat).
		Suffix("ON CONFLICT (show, seat) DO NOTHING").RunWith(db).ExecContext(ctx)
	return err
}

// ReserveSeatToSQL renders both statements with ToSql and runs them on
// database/sql.
func ReserveSeatToSQL(ctx context.Context, db *sql.DB, show, seat string) error {
	q, args, err := sqb.Select("count(*)").From("seats").Where(sq.Eq{"show": show, "seat": seat}).ToSql()
	if err != nil {
		return err
	}
	var n int
	if err := db.QueryRowContext(ctx, q, args...).Scan(&n); err != nil { // want:checkthenact
		return err
	}
	if n > 0 {
		return ErrDuplicate
	}
	ins, args, err := sqb.Insert("seats").Columns("show", "seat").Values(show, seat).ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, ins, args...)
	return err
}

// ReserveSeatToSQLLocked locks the show's row FOR UPDATE in the same
// transaction before it counts and inserts.
func ReserveSeatToSQLLocked(ctx context.Context, db *sql.DB, show, seat string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	lock, largs, err := sqb.Select("id").From("shows").Where(sq.Eq{"id": show}).Suffix("FOR UPDATE").ToSql()
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, lock, largs...); err != nil {
		return err
	}
	q, args, err := sqb.Select("count(*)").From("seats").Where(sq.Eq{"show": show, "seat": seat}).ToSql()
	if err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrDuplicate
	}
	ins, args, err := sqb.Insert("seats").Columns("show", "seat").Values(show, seat).ToSql()
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, ins, args...); err != nil {
		return err
	}
	return tx.Commit()
}
