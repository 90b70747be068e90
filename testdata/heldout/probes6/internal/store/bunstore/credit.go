package bunstore

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"example.com/fleet6/internal/domain"
)

type Credit struct{ DB *bun.DB }

func (s Credit) Get(ctx context.Context, merchantID int64) (domain.MerchantCredit, error) {
	var row creditRow
	if err := s.DB.NewSelect().Model(&row).Where("merchant_id = ?", merchantID).Scan(ctx); err != nil {
		return domain.MerchantCredit{}, fmt.Errorf("get credit: %w", err)
	}
	return domain.MerchantCredit{MerchantID: row.MerchantID, LimitCents: row.LimitCents, UsedCents: row.UsedCents, Version: row.Version}, nil
}

func (s Credit) SetUsed(ctx context.Context, merchantID, used int64) error {
	_, err := s.DB.NewUpdate().Model((*creditRow)(nil)).
		Set("used_cents = ?", used).
		Set("version = version + 1").
		Where("merchant_id = ?", merchantID).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("set used credit: %w", err)
	}
	return nil
}

// SetUsedIfVersion writes the new usage only if nobody changed the row since
// it was read at version.
func (s Credit) SetUsedIfVersion(ctx context.Context, merchantID, used, version int64) (bool, error) {
	res, err := s.DB.NewUpdate().Model((*creditRow)(nil)).
		Set("used_cents = ?", used).
		Set("version = version + 1").
		Where("merchant_id = ?", merchantID).
		Where("version = ?", version).
		Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("set used credit: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}
