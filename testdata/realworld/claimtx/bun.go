package claimtx

import (
	"context"

	"github.com/uptrace/bun"
)

type DedupKey struct {
	bun.BaseModel `bun:"table:dedup_keys"`
	Key           string `bun:",pk"`
}

type Shipment struct {
	ID      int64 `bun:",pk,autoincrement"`
	OrderID int64
}

// Ship's RunInTx callback claims on the outer db.
func Ship(ctx context.Context, db *bun.DB, key string, s *Shipment) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := db.NewInsert().Model(&DedupKey{Key: key}).On("CONFLICT DO NOTHING").Exec(ctx) // want:claimtx
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		_, err = tx.NewInsert().Model(s).Exec(ctx)
		return err
	})
}

// ShipTx's callback claims on tx.
func ShipTx(ctx context.Context, db *bun.DB, key string, s *Shipment) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewInsert().Model(&DedupKey{Key: key}).On("CONFLICT DO NOTHING").Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		_, err = tx.NewInsert().Model(s).Exec(ctx)
		return err
	})
}
