package checkthenact

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/redis/go-redis/v9"
)

// Notifier sends each notification once, remembering sent ids in redis.
type Notifier struct {
	rdb *redis.Client
	ch  *amqp.Channel
}

// Notify asks redis whether the notification went out and publishes it
// when it did not: two workers both see no key and both publish.
func (n *Notifier) Notify(ctx context.Context, id string, body []byte) error {
	key := "notified:" + id
	count, err := n.rdb.Exists(ctx, key).Result() // want:checkthenact
	if err != nil {
		return err
	}
	if count > 0 {
		return nil
	}
	if err := n.ch.PublishWithContext(ctx, "notifications", "email", false, false, amqp.Publishing{Body: body}); err != nil {
		return err
	}
	return n.rdb.Set(ctx, key, 1, 24*time.Hour).Err()
}

// NotifySetNX claims the key atomically and publishes only when it won.
func (n *Notifier) NotifySetNX(ctx context.Context, id string, body []byte) error {
	key := "notified:" + id
	won, err := n.rdb.SetNX(ctx, key, 1, 24*time.Hour).Result()
	if err != nil || !won {
		return err
	}
	return n.ch.PublishWithContext(ctx, "notifications", "email", false, false, amqp.Publishing{Body: body})
}

// ChargeOnce reads the stored charge id and calls the payment provider
// when there is none: the customer is charged twice.
func ChargeOnce(ctx context.Context, rdb *redis.Client, hc *http.Client, orderID string) (string, error) {
	key := "charge:" + orderID
	chargeID, err := rdb.Get(ctx, key).Result() // want:checkthenact
	if err == nil {
		return chargeID, nil
	}
	if !errors.Is(err, redis.Nil) {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://payments.example/charges", strings.NewReader(`{"order":"`+orderID+`"}`))
	if err != nil {
		return "", err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	chargeID = resp.Header.Get("Charge-Id")
	return chargeID, rdb.Set(ctx, key, chargeID, 0).Err()
}

// PriceOf is a read-through cache: a miss recomputes a pure value and
// fills the cache; doing that twice is harmless.
func PriceOf(ctx context.Context, rdb *redis.Client, sku string, compute func(string) string) (string, error) {
	key := "price:" + sku
	price, err := rdb.Get(ctx, key).Result()
	if err == nil {
		return price, nil
	}
	if !errors.Is(err, redis.Nil) {
		return "", err
	}
	price = compute(sku)
	return price, rdb.Set(ctx, key, price, time.Minute).Err()
}
