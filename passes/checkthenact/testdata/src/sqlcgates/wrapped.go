package sqlcgates

import (
	"context"
	"database/sql"

	"sqlcgates/ledger"
)

// The queries are built on the handle a helper is given (goalert's
// Store.Config(ctx, db gadb.DBTX, id) calls gadb.New(db).IntKeyGetConfig):
// the helper runs on its caller's transaction.

func lockedCard(ctx context.Context, db ledger.DBTX, code string) (ledger.GiftCard, error) {
	return ledger.New(db).GetGiftCardByCodeForUpdate(ctx, code)
}

func plainCard(ctx context.Context, db ledger.DBTX, code string) (ledger.GiftCard, error) {
	return ledger.New(db).GetGiftCardByCode(ctx, code)
}

// Near miss: the helper locks the card row in the caller's transaction;
// the second redemption waits and then finds it redeemed.
func RedeemLocked(ctx context.Context, db *sql.DB, userID int64, code string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	card, err := lockedCard(ctx, tx, code)
	if err != nil {
		return err
	}
	if card.RedeemedAt.Valid {
		return ErrRedeemed
	}
	q := ledger.New(tx)
	if err := q.AddToBalance(ctx, ledger.AddToBalanceParams{UserID: userID, AmountCents: card.AmountCents}); err != nil {
		return err
	}
	if err := q.MarkGiftCardRedeemed(ctx, ledger.MarkGiftCardRedeemedParams{ID: card.ID, RedeemedBy: sql.NullInt64{Int64: userID, Valid: true}}); err != nil {
		return err
	}
	return tx.Commit()
}

// The same helper shape without the lock: both redemptions pass.
func RedeemPlain(ctx context.Context, db *sql.DB, userID int64, code string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	card, err := plainCard(ctx, tx, code) // want `status-gate race: RedeemedAt read here is tested`
	if err != nil {
		return err
	}
	if card.RedeemedAt.Valid {
		return ErrRedeemed
	}
	q := ledger.New(tx)
	if err := q.AddToBalance(ctx, ledger.AddToBalanceParams{UserID: userID, AmountCents: card.AmountCents}); err != nil {
		return err
	}
	if err := q.MarkGiftCardRedeemed(ctx, ledger.MarkGiftCardRedeemedParams{ID: card.ID, RedeemedBy: sql.NullInt64{Int64: userID, Valid: true}}); err != nil {
		return err
	}
	return tx.Commit()
}
