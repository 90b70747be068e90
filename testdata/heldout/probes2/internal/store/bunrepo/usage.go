package bunrepo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"
)

var ErrQuotaExceeded = errors.New("monthly quota exceeded")

// Usage is one account's metered usage for a billing period.
type Usage struct {
	bun.BaseModel `bun:"table:usage_counters,alias:uc"`

	ID        int64  `bun:"id,pk,autoincrement"`
	AccountID int64  `bun:"account_id,notnull"`
	Period    string `bun:"period,notnull"`
	Metric    string `bun:"metric,notnull"`
	Used      int    `bun:"used,notnull"`
	Quota     int    `bun:"quota,notnull"`
}

type UsageRepo struct {
	db *bun.DB
}

func NewUsageRepo(db *bun.DB) *UsageRepo {
	return &UsageRepo{db: db}
}

func (r *UsageRepo) Get(ctx context.Context, accountID int64, period, metric string) (*Usage, error) {
	u := new(Usage)
	err := r.db.NewSelect().
		Model(u).
		Where("account_id = ?", accountID).
		Where("period = ?", period).
		Where("metric = ?", metric).
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get usage: %w", err)
	}
	return u, nil
}

func (r *UsageRepo) Save(ctx context.Context, u *Usage) error {
	_, err := r.db.NewUpdate().Model(u).WherePK().Exec(ctx)
	return err
}

// Consume takes one unit of the metric if the quota allows it.
func (r *UsageRepo) Consume(ctx context.Context, accountID int64, period, metric string) error {
	res, err := r.db.NewUpdate().
		Model((*Usage)(nil)).
		Set("used = used + 1").
		Where("account_id = ?", accountID).
		Where("period = ?", period).
		Where("metric = ?", metric).
		Where("used < quota").
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("consume %s: %w", metric, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrQuotaExceeded
	}
	return nil
}
