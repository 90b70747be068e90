package lostupdates

import (
	"context"

	"github.com/uptrace/bun"
)

// Metadata kept as one JSON column is merged in memory and written back
// whole: two requests adding different keys both read the old map, and
// the second write drops the first one's key.

type Payment struct {
	ID       string
	Metadata map[string]string
}

func AddPaymentMetadata(ctx context.Context, db *bun.DB, id string, metadata map[string]string) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var p Payment
		if err := tx.NewSelect().Model(&p).Column("id", "metadata").Where("id = ?", id).Scan(ctx); err != nil { // want `lost update: Metadata read here is written back at line \d+ as a value computed from it`
			return err
		}
		if p.Metadata == nil {
			p.Metadata = make(map[string]string)
		}
		for k, v := range metadata {
			p.Metadata[k] = v
		}
		_, err := tx.NewUpdate().Model(&p).Column("metadata").Where("id = ?", id).Exec(ctx)
		return err
	})
}

// Near miss: the metadata is replaced by what the request sends, an
// absolute value; nothing read is written back.
func SetPaymentMetadata(ctx context.Context, db *bun.DB, id string, metadata map[string]string) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var p Payment
		if err := tx.NewSelect().Model(&p).Column("id", "metadata").Where("id = ?", id).Scan(ctx); err != nil {
			return err
		}
		p.Metadata = make(map[string]string)
		for k, v := range metadata {
			p.Metadata[k] = v
		}
		_, err := tx.NewUpdate().Model(&p).Column("metadata").Where("id = ?", id).Exec(ctx)
		return err
	})
}

// Near miss: the row is locked by the read; a second merge waits and
// reads the first one's keys.
func AddPaymentMetadataLocked(ctx context.Context, db *bun.DB, id string, metadata map[string]string) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var p Payment
		if err := tx.NewSelect().Model(&p).Column("id", "metadata").Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil {
			return err
		}
		if p.Metadata == nil {
			p.Metadata = make(map[string]string)
		}
		for k, v := range metadata {
			p.Metadata[k] = v
		}
		_, err := tx.NewUpdate().Model(&p).Column("metadata").Where("id = ?", id).Exec(ctx)
		return err
	})
}
