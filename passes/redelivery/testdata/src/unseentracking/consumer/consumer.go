// Package consumer applies driver pings from RabbitMQ through the
// tracking store, whose implementation it does not import.
package consumer

import (
	"context"
	"encoding/json"

	amqp "github.com/rabbitmq/amqp091-go"

	"unseentracking/repo"
)

type Consumer struct{ Tracking repo.Tracking }

// The store's Apply adds the distance again for every delivery.
func (c *Consumer) OnPing(ctx context.Context, d amqp.Delivery) error {
	var p repo.Ping
	if err := json.Unmarshal(d.Body, &p); err != nil {
		return err
	}
	return c.Tracking.Apply(ctx, p) // want `a relative update \(the new value computed from the old one\) runs again for every delivery of the message`
}

// Near miss: ApplyOnce claims the message id before it adds.
func (c *Consumer) OnPingOnce(ctx context.Context, d amqp.Delivery) error {
	var p repo.Ping
	if err := json.Unmarshal(d.Body, &p); err != nil {
		return err
	}
	_, err := c.Tracking.ApplyOnce(ctx, "pings", p)
	return err
}

// Near miss: Locate sets absolute values; a redelivery writes the same.
func (c *Consumer) OnPosition(ctx context.Context, d amqp.Delivery) error {
	var p struct{ Shipment, Lat, Lng int64 }
	if err := json.Unmarshal(d.Body, &p); err != nil {
		return err
	}
	return c.Tracking.Locate(ctx, p.Shipment, p.Lat, p.Lng)
}
