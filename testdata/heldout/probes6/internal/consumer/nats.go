// Package consumer holds the message consumers run by fleet-worker: NATS
// JetStream subscriptions for driver-app traffic and RabbitMQ queues for
// money movement.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
)

const handlerTimeout = 15 * time.Second

// Tracking applies GPS pings to shipments.
type Tracking struct {
	Tracking repo.Tracking
	Log      *slog.Logger
}

func (c *Tracking) Subscribe(js nats.JetStreamContext) error {
	if _, err := js.Subscribe("tracking.driver.>", c.onDriverPing,
		nats.Durable("tracking-driver"), nats.ManualAck(), nats.AckWait(30*time.Second)); err != nil {
		return fmt.Errorf("subscribe driver pings: %w", err)
	}
	if _, err := js.Subscribe("tracking.carrier.>", c.onCarrierPing,
		nats.Durable("tracking-carrier"), nats.ManualAck(), nats.AckWait(30*time.Second)); err != nil {
		return fmt.Errorf("subscribe carrier pings: %w", err)
	}
	return nil
}

func (c *Tracking) onDriverPing(msg *nats.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), handlerTimeout)
	defer cancel()
	var ping domain.TrackingPing
	if err := json.Unmarshal(msg.Data, &ping); err != nil {
		c.Log.WarnContext(ctx, "bad driver ping", "err", err)
		_ = msg.Term()
		return
	}
	if err := c.Tracking.Apply(ctx, ping); err != nil {
		c.Log.ErrorContext(ctx, "apply driver ping", "shipment", ping.ShipmentID, "err", err)
		_ = msg.Nak()
		return
	}
	_ = msg.Ack()
}

func (c *Tracking) onCarrierPing(msg *nats.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), handlerTimeout)
	defer cancel()
	var ping domain.TrackingPing
	if err := json.Unmarshal(msg.Data, &ping); err != nil || ping.MessageID == "" {
		c.Log.WarnContext(ctx, "bad carrier ping", "err", err)
		_ = msg.Term()
		return
	}
	applied, err := c.Tracking.ApplyOnce(ctx, "tracking-carrier", ping)
	if err != nil {
		c.Log.ErrorContext(ctx, "apply carrier ping", "shipment", ping.ShipmentID, "err", err)
		_ = msg.Nak()
		return
	}
	if !applied {
		c.Log.DebugContext(ctx, "duplicate carrier ping", "message", ping.MessageID)
	}
	_ = msg.Ack()
}

// Devices stores push registrations sent by the driver app and the
// dispatcher console.
type Devices struct {
	Devices repo.Devices
	Log     *slog.Logger
}

func (c *Devices) Subscribe(js nats.JetStreamContext) error {
	if _, err := js.Subscribe("driver.device_registered", c.onDeviceRegistered,
		nats.Durable("devices"), nats.ManualAck()); err != nil {
		return fmt.Errorf("subscribe devices: %w", err)
	}
	if _, err := js.Subscribe("console.webpush_registered", c.onWebPush,
		nats.Durable("webpush"), nats.ManualAck()); err != nil {
		return fmt.Errorf("subscribe webpush: %w", err)
	}
	return nil
}

func (c *Devices) onDeviceRegistered(msg *nats.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), handlerTimeout)
	defer cancel()
	var dev domain.Device
	if err := json.Unmarshal(msg.Data, &dev); err != nil {
		_ = msg.Term()
		return
	}
	if err := c.Devices.Register(ctx, dev); err != nil {
		c.Log.ErrorContext(ctx, "register device", "driver", dev.DriverID, "err", err)
		_ = msg.NakWithDelay(5 * time.Second)
		return
	}
	_ = msg.Ack()
}

func (c *Devices) onWebPush(msg *nats.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), handlerTimeout)
	defer cancel()
	var dev domain.Device
	if err := json.Unmarshal(msg.Data, &dev); err != nil {
		_ = msg.Term()
		return
	}
	err := c.Devices.RegisterWebPush(ctx, dev)
	if err != nil && !errors.Is(err, domain.ErrAlreadyExists) {
		c.Log.ErrorContext(ctx, "register web push", "err", err)
		_ = msg.NakWithDelay(5 * time.Second)
		return
	}
	_ = msg.Ack()
}

// Notify texts and e-mails recipients about their shipment.
type Notify struct {
	Marks  repo.Marks
	SMS    effects.SMS
	Mailer effects.Mailer
	Log    *slog.Logger
}

type shipmentEvent struct {
	EventID    string `json:"event_id"`
	ShipmentID int64  `json:"shipment_id"`
	Phone      string `json:"recipient_phone"`
	Email      string `json:"recipient_email"`
}

func (c *Notify) Subscribe(js nats.JetStreamContext) error {
	if _, err := js.Subscribe("shipments.delivered", c.onDelivered,
		nats.Durable("notify-delivered"), nats.ManualAck(), nats.AckWait(20*time.Second)); err != nil {
		return fmt.Errorf("subscribe delivered: %w", err)
	}
	if _, err := js.Subscribe("shipments.pod_received", c.onPODReceived,
		nats.Durable("notify-pod"), nats.ManualAck(), nats.AckWait(20*time.Second)); err != nil {
		return fmt.Errorf("subscribe pod: %w", err)
	}
	return nil
}

func (c *Notify) onDelivered(msg *nats.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), handlerTimeout)
	defer cancel()
	var ev shipmentEvent
	if err := json.Unmarshal(msg.Data, &ev); err != nil {
		_ = msg.Term()
		return
	}
	seen, err := c.Marks.Seen(ctx, "delivered:"+ev.EventID)
	if err != nil {
		_ = msg.Nak()
		return
	}
	if seen {
		_ = msg.Ack()
		return
	}
	if err := c.SMS.Send(ctx, ev.Phone, fmt.Sprintf("Your shipment #%d has been delivered.", ev.ShipmentID)); err != nil {
		_ = msg.Nak()
		return
	}
	if err := c.Marks.MarkSeen(ctx, "delivered:"+ev.EventID); err != nil {
		c.Log.WarnContext(ctx, "mark delivered notified", "err", err)
	}
	_ = msg.Ack()
}

func (c *Notify) onPODReceived(msg *nats.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), handlerTimeout)
	defer cancel()
	var ev shipmentEvent
	if err := json.Unmarshal(msg.Data, &ev); err != nil {
		_ = msg.Term()
		return
	}
	claimed, err := c.Marks.Claim(ctx, "pod:"+ev.EventID)
	if err != nil {
		_ = msg.Nak()
		return
	}
	if !claimed {
		_ = msg.Ack()
		return
	}
	if err := c.Mailer.Send(ctx, ev.Email, "pod_available", map[string]any{"shipment": ev.ShipmentID}); err != nil {
		c.Log.WarnContext(ctx, "pod mail", "shipment", ev.ShipmentID, "err", err)
	}
	_ = msg.Ack()
}
