// Package amqp091 is a stub of github.com/rabbitmq/amqp091-go.
package amqp091

import (
	"context"
	"time"
)

type Table map[string]interface{}

type Acknowledger interface {
	Ack(tag uint64, multiple bool) error
	Nack(tag uint64, multiple, requeue bool) error
	Reject(tag uint64, requeue bool) error
}

type Delivery struct {
	Acknowledger Acknowledger
	Headers      Table
	ContentType  string
	MessageId    string
	Timestamp    time.Time
	Type         string
	AppId        string
	ConsumerTag  string
	DeliveryTag  uint64
	Redelivered  bool
	Exchange     string
	RoutingKey   string
	Body         []byte
}

func (d Delivery) Ack(multiple bool) error           { return nil }
func (d Delivery) Nack(multiple, requeue bool) error { return nil }
func (d Delivery) Reject(requeue bool) error         { return nil }

type Publishing struct {
	MessageId string
	Body      []byte
}

type Channel struct{}

func (ch *Channel) Consume(queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}
func (ch *Channel) Ack(tag uint64, multiple bool) error           { return nil }
func (ch *Channel) Nack(tag uint64, multiple, requeue bool) error { return nil }
func (ch *Channel) PublishWithContext(ctx context.Context, exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}
