// Package giftcards redeems gift cards and promo codes into wallet credit.
package giftcards

import (
	"context"
	"errors"
	"strings"
	"time"

	"example.com/shop4/internal/store"
)

var (
	ErrInvalidCode     = errors.New("giftcards: unknown code")
	ErrAlreadyRedeemed = errors.New("giftcards: code already redeemed")
	ErrExpired         = errors.New("giftcards: code expired")
)

type Service struct {
	codes  store.GiftCodeStore
	wallet store.WalletStore
}

func New(codes store.GiftCodeStore, wallet store.WalletStore) *Service {
	return &Service{codes: codes, wallet: wallet}
}

func normalize(code string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(code), "-", ""))
}

// Redeem credits a gift card's value to the user's wallet.
func (s *Service) Redeem(ctx context.Context, userID int64, code string) (int64, error) {
	gc, err := s.codes.ByCode(ctx, normalize(code))
	if errors.Is(err, store.ErrNotFound) {
		return 0, ErrInvalidCode
	}
	if err != nil {
		return 0, err
	}
	if gc.RedeemedAt != nil {
		return 0, ErrAlreadyRedeemed
	}
	if time.Now().After(gc.ExpiresAt) {
		return 0, ErrExpired
	}
	if err := s.wallet.Credit(ctx, userID, gc.AmountCents, "giftcard:"+gc.Code); err != nil {
		return 0, err
	}
	if err := s.codes.MarkRedeemed(ctx, gc.ID, userID); err != nil {
		return 0, err
	}
	return gc.AmountCents, nil
}

// RedeemPromo credits a single-use promo code.
func (s *Service) RedeemPromo(ctx context.Context, userID int64, code string) (int64, error) {
	pc, err := s.codes.PromoByCode(ctx, normalize(code))
	if errors.Is(err, store.ErrNotFound) {
		return 0, ErrInvalidCode
	}
	if err != nil {
		return 0, err
	}
	if pc.RedeemedAt != nil {
		return 0, ErrAlreadyRedeemed
	}
	amount, ok, err := s.codes.ConsumePromo(ctx, pc.Code, userID)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, ErrAlreadyRedeemed
	}
	if err := s.wallet.Credit(ctx, userID, amount, "promo:"+pc.Code); err != nil {
		return 0, err
	}
	return amount, nil
}
