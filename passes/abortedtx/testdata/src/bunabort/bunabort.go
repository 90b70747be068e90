// Package bunabort holds bun handlers inside RunInTx.
package bunabort

import (
	"context"

	"github.com/uptrace/bun"
)

type Key struct{ K string }

// Claim selects the existing key on the aborted transaction.
func Claim(ctx context.Context, db *bun.DB, k string) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&Key{K: k}).Exec(ctx); err != nil {
			return tx.NewSelect().Model(&Key{}).Where("k = ?", k).Scan(ctx) // want `statement on a transaction that the failed statement at line 15 aborted`
		}
		return nil
	})
}

// ClaimOnConflict is the near miss: a duplicate is no error.
func ClaimOnConflict(ctx context.Context, db *bun.DB, k string) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&Key{K: k}).On("CONFLICT (k) DO NOTHING").Exec(ctx); err != nil {
			return tx.NewSelect().Model(&Key{}).Where("k = ?", k).Scan(ctx)
		}
		return nil
	})
}
