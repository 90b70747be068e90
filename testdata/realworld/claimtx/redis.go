package claimtx

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/go-redis/v9"
)

type Refunds struct {
	rdb *redis.Client
	db  *sql.DB
}

// Refund guards a Postgres write with a redis SETNX claim.
func (r *Refunds) Refund(ctx context.Context, key string, paymentID int64) error {
	ok, err := r.rdb.SetNX(ctx, "refund:"+key, 1, 24*time.Hour).Result() // want:claimtx
	if err != nil || !ok {
		return err
	}
	_, err = r.db.ExecContext(ctx, "UPDATE payments SET refunded = true WHERE id = $1", paymentID)
	return err
}

// RefundLocked uses SETNX as a lock, released on every path.
func (r *Refunds) RefundLocked(ctx context.Context, key string, paymentID int64) error {
	ok, err := r.rdb.SetNX(ctx, "lock:"+key, 1, 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer r.rdb.Del(ctx, "lock:"+key)
	_, err = r.db.ExecContext(ctx, "UPDATE payments SET refunded = true WHERE id = $1", paymentID)
	return err
}
