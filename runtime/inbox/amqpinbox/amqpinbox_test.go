package amqpinbox_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/inbox"
	"github.com/idemvet/idemvet/runtime/inbox/amqpinbox"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// channel records how deliveries were settled, as amqp091's Channel would
// send them to RabbitMQ.
type channel struct{ acks, nacks, rejects []uint64 }

func (c *channel) Ack(tag uint64, multiple bool) error { c.acks = append(c.acks, tag); return nil }
func (c *channel) Nack(tag uint64, multiple, requeue bool) error {
	if !requeue {
		return errors.New("nack without requeue: the message would be lost")
	}
	c.nacks = append(c.nacks, tag)
	return nil
}
func (c *channel) Reject(tag uint64, requeue bool) error {
	c.rejects = append(c.rejects, tag)
	return nil
}

func TestHandleSettlesDeliveries(t *testing.T) {
	pool := pgtest.NewPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := inbox.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	in, err := inbox.New(pool, inbox.Options{
		Consumer:   "orders",
		DeadLetter: func(context.Context, pgx.Tx, inbox.Message, string) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	fail := true
	h := func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
		runs++
		if fail {
			return errors.New("downstream down")
		}
		return nil
	}
	ch := &channel{}
	d := func(tag uint64, id string) amqp.Delivery {
		return amqp.Delivery{Acknowledger: ch, DeliveryTag: tag, MessageId: id, Body: []byte("{}")}
	}

	if _, err := amqpinbox.Handle(ctx, in, d(1, "m1"), h); err == nil {
		t.Error("a failed handler was not reported")
	}
	fail = false
	if disp, err := amqpinbox.Handle(ctx, in, d(2, "m1"), h); err != nil || disp != inbox.Processed {
		t.Errorf("redelivery after the failure: %v, %v; want processed", disp, err)
	}
	if disp, err := amqpinbox.Handle(ctx, in, d(3, "m1"), h); err != nil || disp != inbox.Duplicate {
		t.Errorf("redelivery after success: %v, %v; want duplicate", disp, err)
	}
	if _, err := amqpinbox.Handle(ctx, in, d(4, ""), h); !errors.Is(err, inbox.ErrNoMessageID) {
		t.Errorf("delivery without MessageId: %v; want ErrNoMessageID", err)
	}
	if runs != 2 {
		t.Errorf("handler ran %d times; want 2", runs)
	}
	if len(ch.nacks) != 1 || ch.nacks[0] != 1 || len(ch.acks) != 2 || ch.acks[0] != 2 || ch.acks[1] != 3 ||
		len(ch.rejects) != 1 || ch.rejects[0] != 4 {
		t.Errorf("acks %v, nacks %v, rejects %v; want [2 3], [1], [4]", ch.acks, ch.nacks, ch.rejects)
	}
}
