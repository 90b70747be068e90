-- name: find-redemption
SELECT id FROM redemptions WHERE coupon = $1 AND user_id = $2;

-- name: insert-redemption
INSERT INTO redemptions (coupon, user_id) VALUES ($1, $2);

-- name: insert-redemption-once
INSERT INTO redemptions (coupon, user_id) VALUES ($1, $2)
ON CONFLICT (coupon, user_id) DO NOTHING;
