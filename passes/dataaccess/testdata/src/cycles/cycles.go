// Package cycles holds cycles of calls whose summaries settle one call
// further from the insert each round: the model's rounds are bounded, and
// a cycle longer than the bound is recorded as cut, not passed off as
// modelled.
package cycles

import (
	"context"
	"database/sql"
)

// A cycle of twenty calls: the insert's summary reaches deep1 in the
// twenty-first round, after the twenty the model allows.
func deep1(ctx context.Context, db *sql.DB, n int) error { // want `analysis cut at a budget \(summary rounds 20\)`
	if n == 0 {
		return nil
	}
	return deep2(ctx, db, n-1)
}

func deep2(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep3(ctx, db, n-1)
}

func deep3(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep4(ctx, db, n-1)
}

func deep4(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep5(ctx, db, n-1)
}

func deep5(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep6(ctx, db, n-1)
}

func deep6(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep7(ctx, db, n-1)
}

func deep7(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep8(ctx, db, n-1)
}

func deep8(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep9(ctx, db, n-1)
}

func deep9(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep10(ctx, db, n-1)
}

func deep10(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep11(ctx, db, n-1)
}

func deep11(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep12(ctx, db, n-1)
}

func deep12(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep13(ctx, db, n-1)
}

func deep13(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep14(ctx, db, n-1)
}

func deep14(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep15(ctx, db, n-1)
}

func deep15(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep16(ctx, db, n-1)
}

func deep16(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep17(ctx, db, n-1)
}

func deep17(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep18(ctx, db, n-1)
}

func deep18(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep19(ctx, db, n-1)
}

func deep19(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return deep20(ctx, db, n-1)
}

func deep20(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO feeds (url) VALUES ($1)`, "u")
		return err
	}
	return deep1(ctx, db, n-1)
}

// Near miss: a cycle of nineteen settles in the rounds allowed.
func shallow1(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow2(ctx, db, n-1)
}

func shallow2(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow3(ctx, db, n-1)
}

func shallow3(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow4(ctx, db, n-1)
}

func shallow4(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow5(ctx, db, n-1)
}

func shallow5(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow6(ctx, db, n-1)
}

func shallow6(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow7(ctx, db, n-1)
}

func shallow7(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow8(ctx, db, n-1)
}

func shallow8(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow9(ctx, db, n-1)
}

func shallow9(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow10(ctx, db, n-1)
}

func shallow10(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow11(ctx, db, n-1)
}

func shallow11(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow12(ctx, db, n-1)
}

func shallow12(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow13(ctx, db, n-1)
}

func shallow13(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow14(ctx, db, n-1)
}

func shallow14(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow15(ctx, db, n-1)
}

func shallow15(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow16(ctx, db, n-1)
}

func shallow16(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow17(ctx, db, n-1)
}

func shallow17(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow18(ctx, db, n-1)
}

func shallow18(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		return nil
	}
	return shallow19(ctx, db, n-1)
}

func shallow19(ctx context.Context, db *sql.DB, n int) error {
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO feeds (url) VALUES ($1)`, "u")
		return err
	}
	return shallow1(ctx, db, n-1)
}
