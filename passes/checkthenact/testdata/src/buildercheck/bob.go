package buildercheck

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

type Voucher struct{ Code string }

// bob builds its queries from mods passed to a starter.
func bobIssue(ctx context.Context, exec bob.Executor, code string) error {
	_, err := bob.One(ctx, exec, psql.Select(sm.From("vouchers"), sm.Where(psql.Quote("code").EQ(psql.Arg(code)))), scan.StructMapper[Voucher]()) // want `check-then-act race: the existence check on vouchers`
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = bob.Exec(ctx, exec, psql.Insert(im.Into("vouchers", "code"), im.Values(psql.Arg(code))))
	return err
}

// Near miss: im.OnConflict(...).DoNothing() makes the insert conditional.
func bobIssueOnce(ctx context.Context, exec bob.Executor, code string) error {
	_, err := bob.One(ctx, exec, psql.Select(sm.From("vouchers"), sm.Where(psql.Quote("code").EQ(psql.Arg(code)))), scan.StructMapper[Voucher]())
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = bob.Exec(ctx, exec, psql.Insert(im.Into("vouchers", "code"), im.Values(psql.Arg(code)), im.OnConflict("code").DoNothing()))
	return err
}

// The insert built first and run with its own Exec.
func bobIssueQuery(ctx context.Context, exec bob.Executor, code string) error {
	_, err := bob.One(ctx, exec, psql.Select(sm.From("vouchers"), sm.Where(psql.Quote("code").EQ(psql.Arg(code)))), scan.StructMapper[Voucher]()) // want `check-then-act race: the existence check on vouchers`
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	q := psql.Insert(im.Into("vouchers", "code"), im.Values(psql.Arg(code)))
	_, err = q.Exec(ctx, exec)
	return err
}

// Near miss: the insert goes to another table.
func bobIssueOther(ctx context.Context, exec bob.Executor, code string) error {
	_, err := bob.One(ctx, exec, psql.Select(sm.From("vouchers"), sm.Where(psql.Quote("code").EQ(psql.Arg(code)))), scan.StructMapper[Voucher]())
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	q := psql.Insert(im.Into("voucher_requests", "code"), im.Values(psql.Arg(code)))
	_, err = q.Exec(ctx, exec)
	return err
}
