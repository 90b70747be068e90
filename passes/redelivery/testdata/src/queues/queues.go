// Package queues consumes SQS, confluent-kafka-go and Pub/Sub deliveries.
package queues

import (
	"context"
	"database/sql"
	"encoding/json"

	"cloud.google.com/go/pubsub"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type Credit struct {
	ID      string
	Account string
	Amount  int64
}

type Wallets struct{ db *sql.DB }

// SQS: a loop over ReceiveMessage's messages.
func (w *Wallets) PollSQS(ctx context.Context, q *sqs.Client, url string) {
	out, err := q.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &url})
	if err != nil {
		return
	}
	for _, m := range out.Messages {
		var c Credit
		_ = json.Unmarshal([]byte(*m.Body), &c)
		_, _ = w.db.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE id = $2`, c.Amount, c.Account) // want `a relative update .* SQS delivers a message again when its visibility timeout expires`
		_, _ = q.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &url, ReceiptHandle: m.ReceiptHandle})
	}
}

// Near miss, SQS: the credit is recorded under its id, once.
func (w *Wallets) PollSQSOnce(ctx context.Context, q *sqs.Client, url string) {
	out, err := q.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &url})
	if err != nil {
		return
	}
	for _, m := range out.Messages {
		var c Credit
		_ = json.Unmarshal([]byte(*m.Body), &c)
		_, _ = w.db.ExecContext(ctx, `INSERT INTO credits (id, account_id, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, c.ID, c.Account, c.Amount)
		_, _ = q.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &url, ReceiptHandle: m.ReceiptHandle})
	}
}

// confluent-kafka-go: the *kafka.Message case of Poll's events.
func (w *Wallets) PollKafka(c *kafka.Consumer) {
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			var cr Credit
			_ = json.Unmarshal(e.Value, &cr)
			_, _ = w.db.Exec(`INSERT INTO ledger_entries (account_id, amount) VALUES ($1, $2)`, cr.Account, cr.Amount) // want `an insert whose key the database mints .* Kafka hands a consumer group`
			_, _ = c.CommitMessage(e)
		}
	}
}

// Near miss, confluent: the entry is keyed by the credit's id.
func (w *Wallets) ReadKafka(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		var cr Credit
		_ = json.Unmarshal(m.Value, &cr)
		_, _ = w.db.Exec(`INSERT INTO ledger_entries (id, account_id, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, cr.ID, cr.Account, cr.Amount)
		_, _ = c.CommitMessage(m)
	}
}

// Pub/Sub: the Receive callback runs once per delivery.
func (w *Wallets) Subscribe(ctx context.Context, client *pubsub.Client) error {
	return client.Subscription("credits").Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		var c Credit
		_ = json.Unmarshal(m.Data, &c)
		_, _ = w.db.ExecContext(ctx, `UPDATE wallets SET balance = balance - $1 WHERE id = $2`, c.Amount, c.Account) // want `a relative update .* Pub/Sub redelivers`
		m.Ack()
	})
}

// Near miss, Pub/Sub: an absolute balance taken from the message.
func (w *Wallets) SubscribeAbsolute(ctx context.Context, client *pubsub.Client) error {
	return client.Subscription("balances").Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		var c Credit
		_ = json.Unmarshal(m.Data, &c)
		_, _ = w.db.ExecContext(ctx, `UPDATE wallets SET balance = $1 WHERE id = $2`, c.Amount, c.Account)
		m.Ack()
	})
}
