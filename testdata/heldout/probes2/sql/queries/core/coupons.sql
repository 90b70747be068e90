-- name: CreateCouponRedemption :one
INSERT INTO coupon_redemptions (user_id, coupon_code, order_id, amount_cents)
VALUES ($1, $2, $3, $4)
RETURNING id, user_id, coupon_code, order_id, amount_cents, created_at;

-- name: GetCoupon :one
SELECT code, amount_cents, expires_at, active FROM coupons
WHERE code = $1 LIMIT 1;

-- name: GetRedemptionForUpdate :one
SELECT id, user_id, coupon_code, order_id, amount_cents, created_at FROM coupon_redemptions
WHERE user_id = $1 AND coupon_code = $2
FOR UPDATE;
