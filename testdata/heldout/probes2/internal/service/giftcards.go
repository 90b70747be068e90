package service

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"example.com/shop2/internal/db/ledger"
)

var (
	ErrGiftCardNotFound = errors.New("gift card not found")
	ErrGiftCardRedeemed = errors.New("gift card already redeemed")
	ErrVoucherNotFound  = errors.New("voucher not found")
	ErrVoucherUsed      = errors.New("voucher already used")
)

// GiftCardService redeems gift cards and store-credit vouchers into the
// user's balance.
type GiftCardService struct {
	db  *sql.DB
	q   *ledger.Queries
	log *slog.Logger
}

func NewGiftCardService(db *sql.DB, log *slog.Logger) *GiftCardService {
	return &GiftCardService{db: db, q: ledger.New(db), log: log}
}

// Redeem adds the gift card's value to userID's balance.
func (s *GiftCardService) Redeem(ctx context.Context, userID int64, code string) (int64, error) {
	card, err := s.q.GetGiftCardByCode(ctx, normalizeCode(code))
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrGiftCardNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("redeem gift card: %w", err)
	}
	if card.RedeemedAt.Valid {
		return 0, ErrGiftCardRedeemed
	}

	if err := s.applyCredit(ctx, userID, card.AmountCents); err != nil {
		return 0, fmt.Errorf("redeem gift card %d: %w", card.ID, err)
	}
	if err := s.markRedeemed(ctx, card, userID); err != nil {
		return 0, fmt.Errorf("redeem gift card %d: %w", card.ID, err)
	}
	s.log.InfoContext(ctx, "gift card redeemed", "card_id", card.ID, "user_id", userID)
	return card.AmountCents, nil
}

// RedeemVoucher adds a store-credit voucher issued to userID.
func (s *GiftCardService) RedeemVoucher(ctx context.Context, userID int64, code string) (int64, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	qtx := s.q.WithTx(tx)

	v, err := qtx.GetVoucherForUpdate(ctx, normalizeCode(code))
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrVoucherNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("redeem voucher: %w", err)
	}
	if v.UserID != userID {
		return 0, ErrVoucherNotFound
	}
	if v.UsedAt.Valid {
		return 0, ErrVoucherUsed
	}
	if err := qtx.AddToBalance(ctx, ledger.AddToBalanceParams{UserID: userID, AmountCents: v.AmountCents}); err != nil {
		return 0, fmt.Errorf("redeem voucher %d: %w", v.ID, err)
	}
	if err := qtx.MarkVoucherUsed(ctx, v.ID); err != nil {
		return 0, fmt.Errorf("redeem voucher %d: %w", v.ID, err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("redeem voucher %d: commit: %w", v.ID, err)
	}
	return v.AmountCents, nil
}
