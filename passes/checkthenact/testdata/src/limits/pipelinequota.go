package limits

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type TextSender interface {
	SendSMS(ctx context.Context, phone, text string) error
}

// TextQuota limits texts per user and day, counted in redis. Its package
// path names no store: the client is known by the type of its field.
type TextQuota struct {
	rdb   *redis.Client
	sms   TextSender
	limit int
}

func textQuotaKey(userID int64) string {
	return fmt.Sprintf("textq:%d:%s", userID, time.Now().UTC().Format("20060102"))
}

// The increment is queued on a transaction pipeline after the send: the
// pipeline is the client's store, and its Incr the counter read.
func (q *TextQuota) SendQueued(ctx context.Context, userID int64, phone, text string) error {
	n, err := q.rdb.Get(ctx, textQuotaKey(userID)).Int() // want `limit race: the counter read here is compared at line \d+, and Incr at line \d+ adds to it in a separate step`
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	if n >= q.limit {
		return errors.New("quota reached")
	}
	if err := q.sms.SendSMS(ctx, phone, text); err != nil {
		return err
	}
	pipe := q.rdb.TxPipeline()
	pipe.Incr(ctx, textQuotaKey(userID))
	pipe.Expire(ctx, textQuotaKey(userID), 48*time.Hour)
	_, err = pipe.Exec(ctx)
	return err
}

// The same, the pipeline run by TxPipelined's callback.
func (q *TextQuota) SendPipelined(ctx context.Context, userID int64, phone, text string) error {
	n, err := q.rdb.Get(ctx, textQuotaKey(userID)).Int() // want `limit race: the counter read here is compared at line \d+, and Incr at line \d+ adds to it in a separate step`
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	if n >= q.limit {
		return errors.New("quota reached")
	}
	if err := q.sms.SendSMS(ctx, phone, text); err != nil {
		return err
	}
	_, err = q.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.Incr(ctx, textQuotaKey(userID))
		pipe.Expire(ctx, textQuotaKey(userID), 48*time.Hour)
		return nil
	})
	return err
}

func sentTodayKey() string { return "sms:sent:" + time.Now().UTC().Format("20060102") }

// Near miss: the pipeline counts the day's texts for a dashboard; the
// user's quota read before is not what it increments.
func (q *TextQuota) SendCountingDay(ctx context.Context, userID int64, phone, text string) error {
	n, err := q.rdb.Get(ctx, textQuotaKey(userID)).Int()
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	if n >= q.limit {
		return errors.New("quota reached")
	}
	if err := q.sms.SendSMS(ctx, phone, text); err != nil {
		return err
	}
	pipe := q.rdb.Pipeline()
	pipe.Incr(ctx, sentTodayKey())
	pipe.Expire(ctx, sentTodayKey(), 48*time.Hour)
	_, err = pipe.Exec(ctx)
	return err
}

// Near miss: the pipeline increments first, and the value it returns is
// what is tested before the send.
func (q *TextQuota) SendCounted(ctx context.Context, userID int64, phone, text string) error {
	pipe := q.rdb.TxPipeline()
	incr := pipe.Incr(ctx, textQuotaKey(userID))
	pipe.Expire(ctx, textQuotaKey(userID), 48*time.Hour)
	if _, err := pipe.Exec(ctx); err != nil {
		return err
	}
	if incr.Val() > int64(q.limit) {
		return errors.New("quota reached")
	}
	return q.sms.SendSMS(ctx, phone, text)
}
