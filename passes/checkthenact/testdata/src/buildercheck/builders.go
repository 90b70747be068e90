// Package buildercheck builds its SQL with squirrel and goqu.
package buildercheck

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
	"github.com/doug-martin/goqu/v9"
	"github.com/doug-martin/goqu/v9/exp"
)

func squirrelRegister(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := sq.Select("id").From("users").Where(sq.Eq{"email": email}).RunWith(db).QueryRowContext(ctx).Scan(&id) // want `check-then-act race: the existence check on users`
	if err != sql.ErrNoRows {
		return err
	}
	_, err = sq.Insert("users").Columns("email").Values(email).RunWith(db).ExecContext(ctx)
	return err
}

// Near miss: the insert carries ON CONFLICT DO NOTHING in its suffix.
func squirrelRegisterSuffix(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := sq.Select("id").From("users").Where(sq.Eq{"email": email}).RunWith(db).QueryRowContext(ctx).Scan(&id)
	if err != sql.ErrNoRows {
		return err
	}
	_, err = sq.Insert("users").Columns("email").Values(email).Suffix("ON CONFLICT (email) DO NOTHING").RunWith(db).ExecContext(ctx)
	return err
}

// The statements rendered with ToSql and run on database/sql.
func squirrelToSQL(ctx context.Context, db *sql.DB, email string) error {
	psql := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	q, args, _ := psql.Select("count(*)").From("users").Where(sq.Eq{"email": email}).ToSql()
	var n int
	if err := db.QueryRowContext(ctx, q, args...).Scan(&n); err != nil { // want `check-then-act race: the existence check on users`
		return err
	}
	if n > 0 {
		return nil
	}
	ins, args, _ := psql.Insert("users").Columns("email").Values(email).ToSql()
	_, err := db.ExecContext(ctx, ins, args...)
	return err
}

// Near miss: the insert goes to another table.
func squirrelToSQLOtherTable(ctx context.Context, db *sql.DB, email string) error {
	psql := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	q, args, _ := psql.Select("count(*)").From("users").Where(sq.Eq{"email": email}).ToSql()
	var n int
	if err := db.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	ins, args, _ := psql.Insert("signup_attempts").Columns("email").Values(email).ToSql()
	_, err := db.ExecContext(ctx, ins, args...)
	return err
}

// A filter added on one path: the statement still reads users by e-mail.
func squirrelFiltered(ctx context.Context, db *sql.DB, email, tenant string) error {
	psql := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	sel := psql.Select("count(*)").From("users").Where(sq.Eq{"email": email})
	if tenant != "" {
		sel = sel.Where(sq.Eq{"tenant_id": tenant})
	}
	q, args, _ := sel.ToSql()
	var n int
	if err := db.QueryRowContext(ctx, q, args...).Scan(&n); err != nil { // want `check-then-act race: the existence check on users`
		return err
	}
	if n > 0 {
		return nil
	}
	ins, args, _ := psql.Insert("users").Columns("email", "tenant_id").Values(email, tenant).ToSql()
	_, err := db.ExecContext(ctx, ins, args...)
	return err
}

// Near miss: the same filtered count, then an insert into another table.
func squirrelFilteredOtherTable(ctx context.Context, db *sql.DB, email, tenant string) error {
	psql := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	sel := psql.Select("count(*)").From("users").Where(sq.Eq{"email": email})
	if tenant != "" {
		sel = sel.Where(sq.Eq{"tenant_id": tenant})
	}
	q, args, _ := sel.ToSql()
	var n int
	if err := db.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	ins, args, _ := psql.Insert("signup_attempts").Columns("email").Values(email).ToSql()
	_, err := db.ExecContext(ctx, ins, args...)
	return err
}

type Key struct {
	ID string `db:"id"`
}

func goquClaim(db *goqu.Database, id string) error {
	var k Key
	found, err := db.From("idempotency_keys").Where(goqu.Ex{"id": id}).ScanStruct(&k) // want `check-then-act race: the existence check on idempotency_keys`
	if err != nil || found {
		return err
	}
	_, err = db.Insert("idempotency_keys").Rows(Key{ID: id}).Executor().Exec()
	return err
}

// Near miss: OnConflict(goqu.DoNothing()) makes the insert conditional.
func goquClaimOnConflict(db *goqu.Database, id string) error {
	var k Key
	found, err := db.From("idempotency_keys").Where(goqu.Ex{"id": id}).ScanStruct(&k)
	if err != nil || found {
		return err
	}
	_, err = db.Insert("idempotency_keys").Rows(Key{ID: id}).OnConflict(goqu.DoNothing()).Executor().Exec()
	return err
}

func goquCount(db *goqu.Database, id string) error {
	n, err := db.From(goqu.T("idempotency_keys")).Where(goqu.Ex{"id": id}).Count() // want `check-then-act race: the existence check on idempotency_keys`
	if err != nil || n > 0 {
		return err
	}
	_, err = goqu.Insert("idempotency_keys").Rows(Key{ID: id}).Executor().Exec()
	return err
}

// A count FOR UPDATE on the database handle, outside a transaction: its
// lock ends with the statement, and both callers count zero and insert.
func goquCountLocked(db *goqu.Database, id string) error {
	n, err := db.From(goqu.T("idempotency_keys")).Where(goqu.Ex{"id": id}).ForUpdate(exp.Wait).Count() // want `its FOR UPDATE runs outside a transaction, so the lock ends with the statement`
	if err != nil || n > 0 {
		return err
	}
	_, err = goqu.Insert("idempotency_keys").Rows(Key{ID: id}).Executor().Exec()
	return err
}
