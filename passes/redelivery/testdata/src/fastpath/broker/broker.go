// Package broker imports a broker: the fast path lets it through.
package broker // want "may handle messages"

import amqp "github.com/rabbitmq/amqp091-go"

func Body(d amqp.Delivery) []byte { return d.Body }
