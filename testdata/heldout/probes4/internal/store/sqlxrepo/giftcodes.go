package sqlxrepo

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"example.com/shop4/internal/domain"
)

type GiftCodes struct{ db *sqlx.DB }

func NewGiftCodes(db *sqlx.DB) *GiftCodes { return &GiftCodes{db: db} }

func (r *GiftCodes) ByCode(ctx context.Context, code string) (domain.GiftCode, error) {
	var gc domain.GiftCode
	err := r.db.GetContext(ctx, &gc, qGiftCodeByCode, code)
	return gc, mapErr(err)
}

func (r *GiftCodes) MarkRedeemed(ctx context.Context, id, userID int64) error {
	_, err := r.db.ExecContext(ctx, qMarkGiftRedeemed, id, userID)
	return err
}

func (r *GiftCodes) PromoByCode(ctx context.Context, code string) (domain.PromoCode, error) {
	var pc domain.PromoCode
	err := r.db.GetContext(ctx, &pc, qPromoByCode, code)
	return pc, mapErr(err)
}

// ConsumePromo marks the code redeemed by userID and returns its value; ok is
// false when the code was already redeemed or has expired.
func (r *GiftCodes) ConsumePromo(ctx context.Context, code string, userID int64) (int64, bool, error) {
	var amount int64
	err := r.db.QueryRowxContext(ctx, qConsumePromoCode, code, userID).Scan(&amount)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return amount, true, nil
}

type Wallets struct{ db *sqlx.DB }

func NewWallets(db *sqlx.DB) *Wallets { return &Wallets{db: db} }

func (r *Wallets) Credit(ctx context.Context, userID, cents int64, memo string) error {
	tx, err := r.db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, qCreditWallet, userID, cents); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, qInsertLedger, userID, cents, memo); err != nil {
		return err
	}
	return tx.Commit()
}
