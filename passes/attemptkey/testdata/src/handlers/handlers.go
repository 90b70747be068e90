// Package handlers mints keys inside message handlers: the broker
// redelivers a message whose handler failed, so a key minted per call is
// a key per delivery attempt. Near misses key on the message's own id.
package handlers

import (
	"context"

	"github.com/google/uuid"
	amqp "github.com/rabbitmq/amqp091-go"
)

type TransferRequest struct {
	Amount         int
	IdempotencyKey string
}

type Ledger interface {
	Transfer(ctx context.Context, req TransferRequest) error
}

// A consumer loop: each iteration is one delivery, and a redelivered
// message comes round again with a new key.
func consume(ctx context.Context, l Ledger, msgs <-chan amqp.Delivery) {
	for d := range msgs {
		if err := l.Transfer(ctx, TransferRequest{Amount: len(d.Body), IdempotencyKey: uuid.NewString()}); err != nil { // want "minted on every attempt"
			d.Nack(false, true)
			continue
		}
		d.Ack(false)
	}
}

// Near miss: the producer's message id survives redelivery.
func consumeStable(ctx context.Context, l Ledger, msgs <-chan amqp.Delivery) {
	for d := range msgs {
		if err := l.Transfer(ctx, TransferRequest{Amount: len(d.Body), IdempotencyKey: d.MessageId}); err != nil {
			d.Nack(false, true)
			continue
		}
		d.Ack(false)
	}
}

// A handler function: the broker calls it again for a redelivery.
func handle(ctx context.Context, l Ledger, d amqp.Delivery) error {
	return l.Transfer(ctx, TransferRequest{Amount: len(d.Body), IdempotencyKey: uuid.NewString()}) // want "minted on every attempt"
}

// Near miss: a handler keyed by the message id.
func handleStable(ctx context.Context, l Ledger, d amqp.Delivery) error {
	return l.Transfer(ctx, TransferRequest{Amount: len(d.Body), IdempotencyKey: d.MessageId})
}

// Near miss: a function without a message mints a key per intent.
func transfer(ctx context.Context, l Ledger, amount int) error {
	return l.Transfer(ctx, TransferRequest{Amount: amount, IdempotencyKey: uuid.NewString()})
}
