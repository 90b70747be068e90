package redischeck

import (
	"context"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"
)

type SMS interface {
	SendSMS(ctx context.Context, phone, text string) error
}

// SMSQuota limits texts per user, counted in redis.
type SMSQuota struct {
	rdb   *redis.Client
	sms   SMS
	limit int
}

func quotaKey(userID int64) string { return fmt.Sprintf("smsq:%d", userID) }

// Two texts at limit-1 both read the counter under the limit, both send
// and both increment.
func (q *SMSQuota) Send(ctx context.Context, userID int64, phone, text string) error {
	n, err := q.rdb.Get(ctx, quotaKey(userID)).Int() // want `limit race: the counter read here is compared at line \d+, and Incr at line \d+ adds to it in a separate step`
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	if n >= q.limit {
		return errors.New("quota reached")
	}
	if err := q.sms.SendSMS(ctx, phone, text); err != nil {
		return err
	}
	return q.rdb.Incr(ctx, quotaKey(userID)).Err()
}

// Near miss: the increment comes first and its result is what is
// tested; of two callers at limit-1 only one sees a value within it.
func (q *SMSQuota) SendCounted(ctx context.Context, userID int64, phone, text string) error {
	n, err := q.rdb.Incr(ctx, quotaKey(userID)).Result()
	if err != nil {
		return err
	}
	if n > int64(q.limit) {
		return errors.New("quota reached")
	}
	return q.sms.SendSMS(ctx, phone, text)
}

// Near miss: the counter read is another user's (a referrer's); the
// increment is the sender's own.
func (q *SMSQuota) SendForReferrer(ctx context.Context, userID, referrerID int64, phone, text string) error {
	n, err := q.rdb.Get(ctx, quotaKey(referrerID)).Int()
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	if n >= q.limit {
		return errors.New("referrer over quota")
	}
	if err := q.sms.SendSMS(ctx, phone, text); err != nil {
		return err
	}
	return q.rdb.Incr(ctx, quotaKey(userID)).Err()
}
