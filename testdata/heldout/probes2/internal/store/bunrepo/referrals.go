package bunrepo

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

type Referral struct {
	bun.BaseModel `bun:"table:referrals,alias:r"`

	ID          int64     `bun:"id,pk,autoincrement"`
	ReferrerID  int64     `bun:"referrer_id,notnull"`
	RefereeID   int64     `bun:"referee_id,notnull"`
	Code        string    `bun:"code,notnull"`
	RewardCents int64     `bun:"reward_cents,notnull"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type RewardAccount struct {
	bun.BaseModel `bun:"table:reward_accounts,alias:ra"`

	UserID       int64     `bun:"user_id,pk"`
	BalanceCents int64     `bun:"balance_cents,notnull"`
	Points       int64     `bun:"points,notnull"`
	UpdatedAt    time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type ReferralRepo struct {
	db *bun.DB
}

func NewReferralRepo(db *bun.DB) *ReferralRepo {
	return &ReferralRepo{db: db}
}

func (r *ReferralRepo) ExistsForReferee(ctx context.Context, refereeID int64) (bool, error) {
	ok, err := r.db.NewSelect().
		Model((*Referral)(nil)).
		Where("referee_id = ?", refereeID).
		Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("referral exists for %d: %w", refereeID, err)
	}
	return ok, nil
}

func (r *ReferralRepo) Create(ctx context.Context, ref *Referral) error {
	if _, err := r.db.NewInsert().Model(ref).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert referral: %w", err)
	}
	return nil
}

// Credit adds cents to the user's reward balance.
func (r *ReferralRepo) Credit(ctx context.Context, userID, cents int64) error {
	_, err := r.db.NewUpdate().
		Model((*RewardAccount)(nil)).
		Set("balance_cents = balance_cents + ?", cents).
		Set("updated_at = now()").
		Where("user_id = ?", userID).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("credit reward account %d: %w", userID, err)
	}
	return nil
}

// Attribution links an order to the affiliate that brought it.
type Attribution struct {
	bun.BaseModel `bun:"table:affiliate_attributions,alias:aa"`

	ID              int64     `bun:"id,pk,autoincrement"`
	OrderID         int64     `bun:"order_id,notnull,unique"`
	AffiliateID     int64     `bun:"affiliate_id,notnull"`
	CommissionCents int64     `bun:"commission_cents,notnull"`
	CreatedAt       time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

func (r *ReferralRepo) AttributionExists(ctx context.Context, orderID int64) (bool, error) {
	return r.db.NewSelect().Model((*Attribution)(nil)).Where("order_id = ?", orderID).Exists(ctx)
}

// Attribute records the attribution and credits the commission in one
// transaction. It reports false if the order was already attributed.
func (r *ReferralRepo) Attribute(ctx context.Context, a *Attribution) (bool, error) {
	var inserted bool
	err := r.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewInsert().
			Model(a).
			On("CONFLICT (order_id) DO NOTHING").
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("insert attribution: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		inserted = true
		_, err = tx.NewUpdate().
			Model((*RewardAccount)(nil)).
			Set("balance_cents = balance_cents + ?", a.CommissionCents).
			Set("updated_at = now()").
			Where("user_id = ?", a.AffiliateID).
			Exec(ctx)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("attribute order %d: %w", a.OrderID, err)
	}
	return inserted, nil
}
