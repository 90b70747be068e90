package service

import (
	"context"
	"fmt"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/store/pgstore"
)

type GiftCardService struct {
	Cards  GiftCards
	Ledger Ledger
}

func (s *GiftCardService) card(ctx context.Context, tenantID int64, code string) (domain.GiftCard, error) {
	c, err := s.Cards.Card(ctx, tenantID, code)
	if err != nil {
		return c, fmt.Errorf("gift card %s: %w", code, err)
	}
	return c, nil
}

// Redeem moves the card's balance into the user's wallet.
func (s *GiftCardService) Redeem(ctx context.Context, tenantID, userID int64, code string) (int64, error) {
	card, err := s.card(ctx, tenantID, code)
	if err != nil {
		return 0, err
	}
	prev, found, err := s.Cards.FindRedemption(ctx, code)
	if err != nil {
		return 0, err
	}
	if found {
		if prev.UserID == userID {
			return prev.Cents, nil
		}
		return 0, domain.ErrAlreadyRedeemed
	}
	if err := s.Ledger.Credit(ctx, userID, card.BalanceCents, "gift_card", code); err != nil {
		return 0, err
	}
	err = s.Cards.InsertRedemption(ctx, pgstore.Redemption{Code: code, UserID: userID, Cents: card.BalanceCents})
	if err != nil {
		return 0, err
	}
	return card.BalanceCents, nil
}

// RedeemPromo is Redeem for promotional cards printed on receipts.
func (s *GiftCardService) RedeemPromo(ctx context.Context, tenantID, userID int64, code string) (int64, error) {
	card, err := s.card(ctx, tenantID, code)
	if err != nil {
		return 0, err
	}
	won, err := s.Cards.Redeem(ctx, pgstore.Redemption{Code: code, UserID: userID, Cents: card.BalanceCents})
	if err != nil {
		return 0, err
	}
	if !won {
		prev, _, err := s.Cards.FindRedemption(ctx, code)
		if err != nil {
			return 0, err
		}
		if prev.UserID != userID {
			return 0, domain.ErrAlreadyRedeemed
		}
		return prev.Cents, nil
	}
	return card.BalanceCents, nil
}
