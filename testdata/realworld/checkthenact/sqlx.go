package checkthenact

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"
)

// Coupon is a row of coupon_redemptions.
type Coupon struct {
	Code   string `db:"code"`
	UserID int64  `db:"user_id"`
}

// RedeemCoupon loads the redemption and inserts one when there is none:
// the coupon is redeemed twice by two concurrent requests.
func RedeemCoupon(ctx context.Context, db *sqlx.DB, code string, userID int64) error {
	var c Coupon
	err := db.GetContext(ctx, &c, `SELECT code, user_id FROM coupon_redemptions WHERE code = $1 AND user_id = $2`, code, userID) // want:checkthenact
	if err == nil {
		return ErrDuplicate
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO coupon_redemptions (code, user_id) VALUES ($1, $2)`, code, userID)
	return err
}

// RedeemCouponAudited loads the coupon itself, a different table from the
// audit row it inserts when the coupon does not exist.
func RedeemCouponAudited(ctx context.Context, db *sqlx.DB, code string, userID int64) error {
	var c Coupon
	err := db.GetContext(ctx, &c, `SELECT code, 0 AS user_id FROM coupons WHERE code = $1`, code)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.NamedExecContext(ctx, `INSERT INTO coupon_audit (code, user_id) VALUES (:code, :user_id)`, Coupon{Code: code, UserID: userID})
		return err
	}
	return err
}

// RedeemCouponOnConflict inserts atomically and reads the outcome from the
// affected rows.
func RedeemCouponOnConflict(ctx context.Context, db *sqlx.DB, code string, userID int64) error {
	var c Coupon
	err := db.GetContext(ctx, &c, `SELECT code, user_id FROM coupon_redemptions WHERE code = $1 AND user_id = $2`, code, userID)
	if err == nil {
		return ErrDuplicate
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	res, err := db.ExecContext(ctx, `INSERT INTO coupon_redemptions (code, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, code, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrDuplicate
	}
	return nil
}
