// Command fleet-worker runs the NATS and RabbitMQ consumers.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/nats-io/nats.go"
	amqp "github.com/rabbitmq/amqp091-go"

	"example.com/fleet6/internal/app"
	"example.com/fleet6/internal/consumer"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, err := app.New(ctx)
	if err != nil {
		log.Fatal(err)
	}

	nc, err := nats.Connect(envOr("NATS_URL", nats.DefaultURL))
	if err != nil {
		log.Fatal(err)
	}
	defer nc.Drain()
	js, err := nc.JetStream()
	if err != nil {
		log.Fatal(err)
	}
	tracking := &consumer.Tracking{Tracking: a.PG.Tracking, Log: a.Log}
	devices := &consumer.Devices{Devices: a.Devices, Log: a.Log}
	notify := &consumer.Notify{Marks: a.Marks, SMS: a.SMS, Mailer: a.Mailer, Log: a.Log}
	for _, sub := range []interface {
		Subscribe(nats.JetStreamContext) error
	}{tracking, devices, notify} {
		if err := sub.Subscribe(js); err != nil {
			log.Fatal(err)
		}
	}

	conn, err := amqp.Dial(envOr("AMQP_URL", "amqp://guest:guest@localhost:5672/"))
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	ch, err := conn.Channel()
	if err != nil {
		log.Fatal(err)
	}
	if err := ch.Qos(16, 0, false); err != nil {
		log.Fatal(err)
	}
	payoutsC := &consumer.Payouts{Inbox: a.PG.Inbox, Bonuses: a.PG.Bonuses, Payouts: a.Payouts, Log: a.Log}
	settlements := &consumer.Settlements{Pool: a.Pool, Log: a.Log}
	refunds := &consumer.Refunds{Provider: a.Payments, Log: a.Log}

	errc := make(chan error, 3)
	go func() { errc <- payoutsC.Run(ctx, ch) }()
	go func() { errc <- settlements.Run(ctx, ch) }()
	go func() { errc <- refunds.Run(ctx, ch) }()
	select {
	case <-ctx.Done():
	case err := <-errc:
		log.Fatal(err)
	}
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
