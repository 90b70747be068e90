package mysqlstore

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"

	"example.com/shop3/internal/domain"
)

// CouponRepo: a coupon may be used up to coupons.max_uses times in all;
// coupon_redemptions has UNIQUE KEY (code, order_id).
type CouponRepo struct{ *Store }

func (r CouponRepo) Get(ctx context.Context, code string) (domain.Coupon, bool, error) {
	var c domain.Coupon
	err := r.sb.Select("code", "tenant_id", "max_uses", "per_user_max", "amount_cents", "active").
		From("coupons").Where(sq.Eq{"code": code}).
		RunWith(r.db).QueryRowContext(ctx).
		Scan(&c.Code, &c.TenantID, &c.MaxUses, &c.PerUserMax, &c.AmountCents, &c.Active)
	if err == sql.ErrNoRows {
		return c, false, nil
	}
	return c, err == nil, err
}

func (r CouponRepo) CountRedemptions(ctx context.Context, code string) (int, error) {
	var n int
	err := r.sb.Select("COUNT(*)").From("coupon_redemptions").Where(sq.Eq{"code": code}).
		RunWith(r.db).QueryRowContext(ctx).Scan(&n)
	return n, err
}

func (r CouponRepo) InsertRedemption(ctx context.Context, code string, userID, orderID int64) error {
	_, err := r.sb.Insert("coupon_redemptions").
		Columns("code", "user_id", "order_id").Values(code, userID, orderID).
		RunWith(r.db).ExecContext(ctx)
	return err
}

// Redeem takes one use of the coupon, if one is left, and records it.
func (r CouponRepo) Redeem(ctx context.Context, code string, userID, orderID int64) error {
	return r.withTx(ctx, func(tx *sql.Tx) error {
		res, err := r.sb.Update("coupons").Set("uses", sq.Expr("uses + 1")).
			Where(sq.Eq{"code": code, "active": true}).Where("uses < max_uses").
			RunWith(tx).ExecContext(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err == nil {
				err = domain.ErrQuotaExceeded
			}
			return err
		}
		_, err = r.sb.Insert("coupon_redemptions").
			Columns("code", "user_id", "order_id").Values(code, userID, orderID).
			RunWith(tx).ExecContext(ctx)
		return err
	})
}
