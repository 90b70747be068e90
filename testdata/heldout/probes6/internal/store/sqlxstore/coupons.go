package sqlxstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"example.com/fleet6/internal/domain"
)

type CouponUses struct{ DB *sqlx.DB }

func (s CouponUses) UsesLeft(ctx context.Context, couponID int64) (int, error) {
	var n int
	err := s.DB.GetContext(ctx, &n, `SELECT uses_left FROM coupons WHERE id = $1`, couponID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("uses left: %w", err)
	}
	return n, nil
}

func (s CouponUses) SetUsesLeft(ctx context.Context, couponID int64, n int) error {
	if _, err := s.DB.ExecContext(ctx, `UPDATE coupons SET uses_left = $2 WHERE id = $1`, couponID, n); err != nil {
		return fmt.Errorf("set uses left: %w", err)
	}
	return nil
}

// Consume takes one use of the coupon; false means none was left.
func (s CouponUses) Consume(ctx context.Context, couponID int64) (bool, error) {
	res, err := s.DB.ExecContext(ctx,
		`UPDATE coupons SET uses_left = uses_left - 1 WHERE id = $1 AND uses_left > 0`, couponID)
	if err != nil {
		return false, fmt.Errorf("consume coupon: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}
