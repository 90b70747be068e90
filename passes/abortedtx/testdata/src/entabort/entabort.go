// Package entabort holds ent handlers.
package entabort

import (
	"context"

	"entabort/ent"
)

// Record creates the order on the transaction the failed key insert aborted.
func Record(ctx context.Context, client *ent.Client, key string) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.IdempotencyKey.Create().SetKey(key).Save(ctx); err != nil {
		if _, err := tx.Order.Create().SetAmount(1).Save(ctx); err != nil { // want `statement on a transaction that the failed statement at line 16 aborted`
			return err
		}
	}
	return tx.Commit()
}

// RecordRollback is the near miss: the transaction is rolled back first.
func RecordRollback(ctx context.Context, client *ent.Client, key string) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.IdempotencyKey.Create().SetKey(key).Save(ctx); err != nil {
		tx.Rollback()
		_, err = client.Order.Create().SetAmount(1).Save(ctx)
		return err
	}
	return tx.Commit()
}
