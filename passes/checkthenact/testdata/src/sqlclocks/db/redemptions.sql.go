package db

import "context"

const lockUser = `-- name: LockUser :one
SELECT id FROM users
WHERE id = $1
FOR UPDATE
`

func (q *Queries) LockUser(ctx context.Context, id int64) (int64, error) {
	row := q.db.QueryRow(ctx, lockUser, id)
	err := row.Scan(&id)
	return id, err
}

const getUser = `-- name: GetUser :one
SELECT id FROM users
WHERE id = $1
`

func (q *Queries) GetUser(ctx context.Context, id int64) (int64, error) {
	row := q.db.QueryRow(ctx, getUser, id)
	err := row.Scan(&id)
	return id, err
}

const getRedemptionForUpdate = `-- name: GetRedemptionForUpdate :one
SELECT id FROM coupon_redemptions
WHERE user_id = $1 AND coupon_code = $2
FOR UPDATE
`

type GetRedemptionForUpdateParams struct {
	UserID     int64
	CouponCode string
}

func (q *Queries) GetRedemptionForUpdate(ctx context.Context, arg GetRedemptionForUpdateParams) (int64, error) {
	row := q.db.QueryRow(ctx, getRedemptionForUpdate, arg.UserID, arg.CouponCode)
	var id int64
	err := row.Scan(&id)
	return id, err
}

const createCouponRedemption = `-- name: CreateCouponRedemption :one
INSERT INTO coupon_redemptions (user_id, coupon_code, order_id)
VALUES ($1, $2, $3)
RETURNING id
`

type CreateCouponRedemptionParams struct {
	UserID     int64
	CouponCode string
	OrderID    int64
}

func (q *Queries) CreateCouponRedemption(ctx context.Context, arg CreateCouponRedemptionParams) (int64, error) {
	row := q.db.QueryRow(ctx, createCouponRedemption, arg.UserID, arg.CouponCode, arg.OrderID)
	var id int64
	err := row.Scan(&id)
	return id, err
}
