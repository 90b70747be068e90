package claimtx

import (
	"context"
	"time"

	"github.com/idemvet/idemvet/testdata/realworld/ent"
)

// Credit records the event through the client, the credit through tx.
func Credit(ctx context.Context, client *ent.Client, eventID string, account int, amount int64) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := client.ProcessedEvent.Create().SetEventID(eventID).SetProcessedAt(time.Now()).Save(ctx); err != nil { // want:claimtx
		tx.Rollback()
		return err
	}
	if _, err := tx.Account.UpdateOneID(account).AddBalance(amount).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// CreditTx records both through tx.
func CreditTx(ctx context.Context, client *ent.Client, eventID string, account int, amount int64) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.ProcessedEvent.Create().SetEventID(eventID).SetProcessedAt(time.Now()).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if _, err := tx.Account.UpdateOneID(account).AddBalance(amount).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
