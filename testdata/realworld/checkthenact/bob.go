package checkthenact

import (
	"context"
	"database/sql"
	"errors"

	"github.com/stephenafamo/bob"
	"github.com/stephenafamo/bob/dialect/psql"
	"github.com/stephenafamo/bob/dialect/psql/im"
	"github.com/stephenafamo/bob/dialect/psql/sm"
	"github.com/stephenafamo/scan"
)

// Voucher is a row of vouchers, unique by code.
type Voucher struct {
	ID   int64  `db:"id"`
	Code string `db:"code"`
}

// IssueVoucherBob reads the voucher with bob.One (sql.ErrNoRows when
// absent), then inserts it: both queries built from bob's mods.
func IssueVoucherBob(ctx context.Context, exec bob.Executor, code string) error {
	_, err := bob.One(ctx, exec, psql.Select(sm.From("vouchers"), sm.Where(psql.Quote("code").EQ(psql.Arg(code)))), scan.StructMapper[Voucher]()) // want:checkthenact
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = bob.Exec(ctx, exec, psql.Insert(im.Into("vouchers", "code"), im.Values(psql.Arg(code))))
	return err
}

// IssueVoucherBobOnce inserts with im.OnConflict(...).DoNothing().
func IssueVoucherBobOnce(ctx context.Context, exec bob.Executor, code string) error {
	_, err := bob.One(ctx, exec, psql.Select(sm.From("vouchers"), sm.Where(psql.Quote("code").EQ(psql.Arg(code)))), scan.StructMapper[Voucher]())
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = bob.Exec(ctx, exec, psql.Insert(im.Into("vouchers", "code"), im.Values(psql.Arg(code)), im.OnConflict("code").DoNothing()))
	return err
}

// IssueVoucherBobQuery builds the insert first and runs it with its own
// Exec.
func IssueVoucherBobQuery(ctx context.Context, exec bob.Executor, code string) error {
	_, err := bob.One(ctx, exec, psql.Select(sm.From("vouchers"), sm.Where(psql.Quote("code").EQ(psql.Arg(code)))), scan.StructMapper[Voucher]()) // want:checkthenact
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	q := psql.Insert(im.Into("vouchers", "code"), im.Values(psql.Arg(code)))
	_, err = q.Exec(ctx, exec)
	return err
}

// IssueVoucherBobLocked takes the voucher batch's row FOR UPDATE in the
// same transaction first.
func IssueVoucherBobLocked(ctx context.Context, db bob.DB, batch int64, code string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := bob.Exec(ctx, tx, psql.Select(sm.From("voucher_batches"), sm.Where(psql.Quote("id").EQ(psql.Arg(batch))), sm.ForUpdate())); err != nil {
		return err
	}
	_, err = bob.One(ctx, tx, psql.Select(sm.From("vouchers"), sm.Where(psql.Quote("code").EQ(psql.Arg(code)))), scan.StructMapper[Voucher]())
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if _, err := bob.Exec(ctx, tx, psql.Insert(im.Into("vouchers", "code"), im.Values(psql.Arg(code)))); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
