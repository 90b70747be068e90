// Package entclaim exercises claimtx on ent-generated code.
package entclaim

import (
	"context"

	"entclaim/ent"
)

// The claim runs on the client, the order on the transaction.
func Place(ctx context.Context, client *ent.Client, key string, amount int64) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := client.IdempotencyKey.Create().SetKey(key).Save(ctx); err != nil { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 19 in a transaction`
		return err
	}
	if _, err := tx.Order.Create().SetAmount(amount).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Near miss: both on the transaction.
func PlaceTx(ctx context.Context, client *ent.Client, key string, amount int64) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.IdempotencyKey.Create().SetKey(key).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if _, err := tx.Order.Create().SetAmount(amount).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// The claim's transaction commits before the order's begins.
func PlaceTwoTx(ctx context.Context, client *ent.Client, key string, amount int64) error {
	claimTx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := claimTx.IdempotencyKey.Create().SetKey(key).Save(ctx); err != nil { // want `idempotency claim's transaction commits at line 52, before the write at line 59`
		return err
	}
	if err := claimTx.Commit(); err != nil {
		return err
	}
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Order.Create().SetAmount(amount).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
