package service

import (
	"context"
	"database/sql"
	"strings"

	"example.com/shop2/internal/db/ledger"
)

func normalizeCode(code string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(code), "-", ""))
}

// applyCredit adds cents to the user's spendable balance.
func (s *GiftCardService) applyCredit(ctx context.Context, userID, cents int64) error {
	return s.q.AddToBalance(ctx, ledger.AddToBalanceParams{UserID: userID, AmountCents: cents})
}

func (s *GiftCardService) markRedeemed(ctx context.Context, card ledger.GiftCard, userID int64) error {
	return s.q.MarkGiftCardRedeemed(ctx, ledger.MarkGiftCardRedeemedParams{
		ID:         card.ID,
		RedeemedBy: sql.NullInt64{Int64: userID, Valid: true},
	})
}
