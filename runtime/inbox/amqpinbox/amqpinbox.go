// Package amqpinbox connects runtime/inbox to RabbitMQ deliveries from
// github.com/rabbitmq/amqp091-go.
//
// The message id is the producer's Publishing.MessageId, which the
// producer must set to a stable id of the message (an event id, or the
// idempotency key of the intent that produced it). The DeliveryTag is not
// an id: it numbers deliveries on one channel and changes on redelivery.
// Consume with autoAck false: an auto-acked message is gone before its
// effects commit.
package amqpinbox

import (
	"context"
	"errors"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/idemvet/idemvet/runtime/inbox"
)

// Handle processes d through in and settles it with the broker:
//
//   - processed, duplicate or dead-lettered: Ack, after the commit;
//   - the handler failed, or another delivery of it is being processed:
//     Nack with requeue, so the broker delivers it again;
//   - no MessageId: Reject without requeue, since it could never be
//     recognised as a duplicate (route it to a dead-letter exchange).
//
// It returns the disposition and the error Process returned, or the
// broker's error when settling failed (a failed Ack only means a
// redelivery, which the inbox absorbs).
func Handle(ctx context.Context, in *inbox.Inbox, d amqp.Delivery, h inbox.Handler) (inbox.Disposition, error) {
	disp, err := in.Process(ctx, inbox.Message{ID: d.MessageId, Body: d.Body}, h)
	switch {
	case errors.Is(err, inbox.ErrNoMessageID):
		return 0, errors.Join(err, d.Reject(false))
	case err != nil:
		return 0, errors.Join(err, d.Nack(false, true))
	}
	return disp, d.Ack(false)
}
