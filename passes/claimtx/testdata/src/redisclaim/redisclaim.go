// Package redisclaim exercises claimtx on a go-redis SETNX guarding SQL.
package redisclaim

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/go-redis/v9"
)

type Handler struct {
	rdb *redis.Client
	db  *sql.DB
}

// The SETNX claim lives in redis, the write in Postgres.
func (h *Handler) Refund(ctx context.Context, key string, id int64) error {
	ok, err := h.rdb.SetNX(ctx, "refund:"+key, 1, 24*time.Hour).Result() // want `redis SETNX claim commits separately from the SQL write at line 23, which no transaction can join: a crash between them loses the operation, its key already claimed; record the claim in the database instead, in the write's transaction, or run both through runtime/claim's Claimer.Do$`
	if err != nil || !ok {
		return err
	}
	_, err = h.db.ExecContext(ctx, "UPDATE payments SET refunded = true WHERE id = $1", id)
	return err
}

// Still a claim: the key is released only when the write fails.
func (h *Handler) RefundRelease(ctx context.Context, key string, id int64) error {
	ok, err := h.rdb.SetNX(ctx, "refund:"+key, 1, 24*time.Hour).Result() // want `redis SETNX claim commits separately from the SQL write at line 33`
	if err != nil || !ok {
		return err
	}
	if _, err := h.db.ExecContext(ctx, "UPDATE payments SET refunded = true WHERE id = $1", id); err != nil {
		h.rdb.Del(ctx, "refund:"+key)
		return err
	}
	return nil
}

// Near miss: a lock, released on every path by a deferred Del.
func (h *Handler) RefundLocked(ctx context.Context, key string, id int64) error {
	ok, err := h.rdb.SetNX(ctx, "lock:"+key, 1, 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer h.rdb.Del(ctx, "lock:"+key)
	_, err = h.db.ExecContext(ctx, "UPDATE payments SET refunded = true WHERE id = $1", id)
	return err
}

// Near miss: a lock, released after the write on every path.
func (h *Handler) RefundUnlock(ctx context.Context, key string, id int64) error {
	ok, err := h.rdb.SetNX(ctx, "lock:"+key, 1, 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	_, err = h.db.ExecContext(ctx, "UPDATE payments SET refunded = true WHERE id = $1", id)
	h.rdb.Del(ctx, "lock:"+key)
	return err
}

// Near miss: the SETNX guards a redis write, not SQL.
func (h *Handler) CountOnce(ctx context.Context, key string) error {
	ok, err := h.rdb.SetNX(ctx, "seen:"+key, 1, time.Hour).Result()
	if err != nil || !ok {
		return err
	}
	return h.rdb.Set(ctx, "last", key, 0).Err()
}

// Near miss: the SETNX records when a payment was first seen; nothing
// branches on it, so it guards nothing.
func (h *Handler) FirstSeen(ctx context.Context, id int64) error {
	h.rdb.SetNX(ctx, "first_seen:"+string(rune(id)), time.Now().Unix(), 0)
	_, err := h.db.ExecContext(ctx, "UPDATE payments SET seen = true WHERE id = $1", id)
	return err
}

// unlock releases a lock key through a compare-and-delete helper.
func unlock(ctx context.Context, rdb *redis.Client, key string) {}

// Near miss: a lock released by an unlock helper on every path.
func (h *Handler) RefundUnlockHelper(ctx context.Context, key string, id int64) error {
	ok, err := h.rdb.SetNX(ctx, "lock:"+key, 1, 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer unlock(ctx, h.rdb, "lock:"+key)
	_, err = h.db.ExecContext(ctx, "UPDATE payments SET refunded = true WHERE id = $1", id)
	return err
}
