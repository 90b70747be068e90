// Package sqlcgates holds status gates over sqlc's generated queries,
// whose state is a nullable column (redeemed_at) tested by its Valid.
package sqlcgates

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"sqlcgates/ledger"
)

var ErrRedeemed = errors.New("gift card already redeemed")

type GiftCards struct {
	db *sql.DB
	q  *ledger.Queries
}

func (s *GiftCards) applyCredit(ctx context.Context, userID, cents int64) error {
	return s.q.AddToBalance(ctx, ledger.AddToBalanceParams{UserID: userID, AmountCents: cents})
}

func (s *GiftCards) markRedeemed(ctx context.Context, card ledger.GiftCard, userID int64) error {
	return s.q.MarkGiftCardRedeemed(ctx, ledger.MarkGiftCardRedeemedParams{ID: card.ID, RedeemedBy: sql.NullInt64{Int64: userID, Valid: true}})
}

// Two redemptions of one card both find redeemed_at unset, both credit
// the balance and both mark the card.
func (s *GiftCards) Redeem(ctx context.Context, userID int64, code string) (int64, error) {
	card, err := s.q.GetGiftCardByCode(ctx, code) // want `status-gate race: RedeemedAt read here is tested, then applyCredit at line \d+ and the state write at line \d+ are separate steps`
	if err != nil {
		return 0, fmt.Errorf("redeem: %w", err)
	}
	if card.RedeemedAt.Valid {
		return 0, ErrRedeemed
	}
	if err := s.applyCredit(ctx, userID, card.AmountCents); err != nil {
		return 0, err
	}
	if err := s.markRedeemed(ctx, card, userID); err != nil {
		return 0, err
	}
	return card.AmountCents, nil
}

// The same with the record kept as a value (only its fields are passed
// on).
func (s *GiftCards) RedeemByID(ctx context.Context, userID int64, code string) error {
	card, err := s.q.GetGiftCardByCode(ctx, code) // want `status-gate race: RedeemedAt read here is tested, then applyCredit at line \d+ and the state write at line \d+ are separate steps`
	if err != nil {
		return err
	}
	if card.RedeemedAt.Valid {
		return ErrRedeemed
	}
	if err := s.applyCredit(ctx, userID, card.AmountCents); err != nil {
		return err
	}
	return s.q.MarkGiftCardRedeemed(ctx, ledger.MarkGiftCardRedeemedParams{ID: card.ID, RedeemedBy: sql.NullInt64{Int64: userID, Valid: true}})
}

// Near miss: the card is marked by an UPDATE that tests redeemed_at
// itself, and only the caller whose update changed the row credits.
func (s *GiftCards) RedeemGuarded(ctx context.Context, userID int64, code string) error {
	card, err := s.q.GetGiftCardByCode(ctx, code)
	if err != nil {
		return err
	}
	if card.RedeemedAt.Valid {
		return ErrRedeemed
	}
	n, err := s.q.RedeemGiftCard(ctx, ledger.RedeemGiftCardParams{ID: card.ID, RedeemedBy: sql.NullInt64{Int64: userID, Valid: true}})
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrRedeemed
	}
	return s.applyCredit(ctx, userID, card.AmountCents)
}

// Near miss: the card's row is locked in the transaction that credits and
// marks it; a second redemption waits and then finds it redeemed.
func (s *GiftCards) RedeemLocked(ctx context.Context, userID int64, code string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	qtx := s.q.WithTx(tx)
	card, err := qtx.GetGiftCardByCodeForUpdate(ctx, code)
	if err != nil {
		return err
	}
	if card.RedeemedAt.Valid {
		return ErrRedeemed
	}
	if err := qtx.AddToBalance(ctx, ledger.AddToBalanceParams{UserID: userID, AmountCents: card.AmountCents}); err != nil {
		return err
	}
	if err := qtx.MarkGiftCardRedeemed(ctx, ledger.MarkGiftCardRedeemedParams{ID: card.ID, RedeemedBy: sql.NullInt64{Int64: userID, Valid: true}}); err != nil {
		return err
	}
	return tx.Commit()
}
