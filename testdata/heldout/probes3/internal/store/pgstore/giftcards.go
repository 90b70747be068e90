package pgstore

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"example.com/shop3/internal/domain"
)

// GiftCardRepo: gift_card_redemptions has PRIMARY KEY (code): a card is
// redeemed once.
type GiftCardRepo struct{ *Store }

type Redemption struct {
	Code       string
	UserID     int64
	Cents      int64
	RedeemedAt time.Time
}

func (r GiftCardRepo) Card(ctx context.Context, tenantID int64, code string) (domain.GiftCard, error) {
	var c domain.GiftCard
	err := r.pool.QueryRow(ctx,
		`SELECT code, tenant_id, balance_cents FROM gift_cards WHERE tenant_id = $1 AND code = $2`,
		tenantID, code).Scan(&c.Code, &c.TenantID, &c.BalanceCents)
	return c, translate(err)
}

func (r GiftCardRepo) FindRedemption(ctx context.Context, code string) (Redemption, bool, error) {
	var red Redemption
	err := r.pool.QueryRow(ctx,
		`SELECT code, user_id, cents, redeemed_at FROM gift_card_redemptions WHERE code = $1`, code).
		Scan(&red.Code, &red.UserID, &red.Cents, &red.RedeemedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return red, false, nil
	}
	if err != nil {
		return red, false, err
	}
	return red, true, nil
}

func (r GiftCardRepo) InsertRedemption(ctx context.Context, red Redemption) error {
	_, err := r.pool.Exec(ctx,
		`INSERT INTO gift_card_redemptions (code, user_id, cents, redeemed_at) VALUES ($1, $2, $3, now())`,
		red.Code, red.UserID, red.Cents)
	return translate(err)
}

// Redeem records the redemption and credits the wallet in one transaction;
// it reports false when the card was already redeemed.
func (r GiftCardRepo) Redeem(ctx context.Context, red Redemption) (bool, error) {
	won := false
	err := r.inTx(ctx, func(tx pgx.Tx) error {
		var at time.Time
		err := tx.QueryRow(ctx, `
			INSERT INTO gift_card_redemptions (code, user_id, cents, redeemed_at)
			VALUES ($1, $2, $3, now())
			ON CONFLICT (code) DO NOTHING
			RETURNING redeemed_at`, red.Code, red.UserID, red.Cents).Scan(&at)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		won = true
		return appendLedger(ctx, tx, red.UserID, red.Cents, "gift_card", red.Code)
	})
	return won, err
}
