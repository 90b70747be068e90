package consumer

import (
	"context"
	"encoding/json"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Publisher publishes JSON events to the shop exchange with confirms.
type Publisher struct {
	Ch       *amqp.Channel
	Exchange string
}

func NewPublisher(conn *amqp.Connection, exchange string) (*Publisher, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	if err := ch.Confirm(false); err != nil {
		return nil, err
	}
	return &Publisher{Ch: ch, Exchange: exchange}, nil
}

func (p *Publisher) Publish(ctx context.Context, topic string, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return p.PublishRaw(ctx, topic, "", body)
}

// PublishRaw publishes body and waits for the broker's confirm.
func (p *Publisher) PublishRaw(ctx context.Context, topic, messageID string, body []byte) error {
	conf, err := p.Ch.PublishWithDeferredConfirmWithContext(ctx, p.Exchange, topic, true, false, amqp.Publishing{
		ContentType:  "application/json",
		DeliveryMode: amqp.Persistent,
		MessageId:    messageID,
		Type:         topic,
		Timestamp:    time.Now(),
		Body:         body,
	})
	if err != nil {
		return err
	}
	if _, err := conf.WaitContext(ctx); err != nil {
		return err
	}
	return nil
}
