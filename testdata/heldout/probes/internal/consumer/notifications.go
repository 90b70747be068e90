// Package consumer processes messages from the bus.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/probes/internal/mail"
)

// Message is what the bus hands us (our own thin wrapper over the broker).
type Message struct {
	ID      string
	Topic   string
	Payload []byte
}

type orderShipped struct {
	OrderID int64  `json:"order_id"`
	Email   string `json:"email"`
	Track   string `json:"tracking"`
}

// ShippingNotifier e-mails customers when an order ships.
type ShippingNotifier struct {
	Redis  *redis.Client
	Mailer mail.Sender
}

func dedupKey(id string) string { return "notified:" + id }

// Handle sends the "order shipped" mail once per message.
func (n *ShippingNotifier) Handle(ctx context.Context, m Message) error {
	var evt orderShipped
	if err := json.Unmarshal(m.Payload, &evt); err != nil {
		return fmt.Errorf("bad payload: %w", err)
	}
	_, err := n.Redis.Get(ctx, dedupKey(m.ID)).Result() // L:F5b
	if err == nil {
		return nil // already sent
	}
	if !errors.Is(err, redis.Nil) {
		return err
	}
	if err := n.Mailer.Send(ctx, evt.Email, "order-shipped", map[string]string{"tracking": evt.Track}); err != nil {
		return err
	}
	return n.Redis.Set(ctx, dedupKey(m.ID), "1", 72*time.Hour).Err()
}

// HandleV2 claims the key with SET NX before sending.
func (n *ShippingNotifier) HandleV2(ctx context.Context, m Message) error {
	var evt orderShipped
	if err := json.Unmarshal(m.Payload, &evt); err != nil {
		return fmt.Errorf("bad payload: %w", err)
	}
	fresh, err := n.Redis.SetNX(ctx, dedupKey(m.ID), "1", 72*time.Hour).Result() // L:F5b-safe
	if err != nil {
		return err
	}
	if !fresh {
		return nil
	}
	if err := n.Mailer.Send(ctx, evt.Email, "order-shipped", map[string]string{"tracking": evt.Track}); err != nil {
		n.Redis.Del(ctx, dedupKey(m.ID))
		return err
	}
	return nil
}

// SMSQuota limits marketing texts per user per day, counted in redis.
type SMSQuota struct {
	Redis *redis.Client
	SMS   mail.SMS
	Limit int
}

func quotaKey(userID int64) string {
	return fmt.Sprintf("smsq:%d:%s", userID, time.Now().UTC().Format("20060102"))
}

func (q *SMSQuota) Send(ctx context.Context, userID int64, phone, text string) error {
	n, err := q.Redis.Get(ctx, quotaKey(userID)).Int() // L:F4f
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	if n >= q.Limit {
		return errors.New("daily sms quota reached")
	}
	if err := q.SMS.SendSMS(ctx, phone, text); err != nil {
		return err
	}
	pipe := q.Redis.TxPipeline()
	pipe.Incr(ctx, quotaKey(userID))
	pipe.Expire(ctx, quotaKey(userID), 48*time.Hour)
	_, err = pipe.Exec(ctx)
	return err
}

// SendV2 increments first and sends only while under the limit.
func (q *SMSQuota) SendV2(ctx context.Context, userID int64, phone, text string) error {
	n, err := q.Redis.Incr(ctx, quotaKey(userID)).Result() // L:F4f-safe
	if err != nil {
		return err
	}
	if n == 1 {
		q.Redis.Expire(ctx, quotaKey(userID), 48*time.Hour)
	}
	if n > int64(q.Limit) {
		return errors.New("daily sms quota reached")
	}
	return q.SMS.SendSMS(ctx, phone, text)
}
