package bunrepo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

type Subscription struct {
	bun.BaseModel `bun:"table:subscriptions,alias:sub"`

	ID               int64      `bun:"id,pk,autoincrement"`
	UserID           int64      `bun:"user_id,notnull"`
	Plan             string     `bun:"plan,notnull"`
	Status           string     `bun:"status,notnull"`
	PriceCents       int64      `bun:"price_cents,notnull"`
	CurrentPeriodEnd time.Time  `bun:"current_period_end,notnull"`
	PausedAt         *time.Time `bun:"paused_at"`
}

type SubscriptionRepo struct {
	db *bun.DB
}

func NewSubscriptionRepo(db *bun.DB) *SubscriptionRepo {
	return &SubscriptionRepo{db: db}
}

func (r *SubscriptionRepo) Get(ctx context.Context, id int64) (*Subscription, error) {
	sub := new(Subscription)
	err := r.db.NewSelect().Model(sub).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get subscription %d: %w", id, err)
	}
	return sub, nil
}

// Transition changes the status if it still is from. It reports whether
// the row changed.
func (r *SubscriptionRepo) Transition(ctx context.Context, id int64, from, to string) (bool, error) {
	q := r.db.NewUpdate().
		Model((*Subscription)(nil)).
		Set("status = ?", to).
		Where("id = ?", id).
		Where("status = ?", from)
	if to == "paused" {
		q = q.Set("paused_at = now()")
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("subscription %d %s->%s: %w", id, from, to, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

func (r *SubscriptionRepo) AddCredit(ctx context.Context, userID, cents int64) error {
	_, err := r.db.NewUpdate().
		Model((*RewardAccount)(nil)).
		Set("balance_cents = balance_cents + ?", cents).
		Where("user_id = ?", userID).
		Exec(ctx)
	return err
}
