package queues

import (
	"context"
	"encoding/json"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/nats-io/nats.go/jetstream"
)

// watermill: a handler function of the router.
func (w *Wallets) HandleCredit(msg *message.Message) error {
	var c Credit
	if err := json.Unmarshal(msg.Payload, &c); err != nil {
		return err
	}
	_, err := w.db.Exec(`UPDATE wallets SET balance = balance + $1 WHERE id = $2`, c.Amount, c.Account) // want `a relative update .* watermill redelivers`
	return err
}

// Near miss, watermill: the credit row is keyed by the message's UUID.
func (w *Wallets) HandleCreditOnce(msg *message.Message) error {
	var c Credit
	if err := json.Unmarshal(msg.Payload, &c); err != nil {
		return err
	}
	_, err := w.db.Exec(`INSERT INTO credits (message_id, account_id, amount) VALUES ($1, $2, $3)`, msg.UUID, c.Account, c.Amount)
	return err
}

// JetStream: the callback given to Consume.
func (w *Wallets) OnJetStream(ctx context.Context, msg jetstream.Msg) {
	var c Credit
	_ = json.Unmarshal(msg.Data(), &c)
	_, _ = w.db.ExecContext(ctx, `INSERT INTO ledger_entries (account_id, amount) VALUES ($1, $2)`, c.Account, c.Amount) // want `an insert whose key the database mints .* NATS JetStream redelivers`
	_ = msg.Ack()
}

// Near miss, JetStream: the entry is keyed by the Nats-Msg-Id header.
func (w *Wallets) OnJetStreamOnce(ctx context.Context, msg jetstream.Msg) {
	var c Credit
	_ = json.Unmarshal(msg.Data(), &c)
	_, _ = w.db.ExecContext(ctx, `INSERT INTO ledger_entries (id, account_id, amount) VALUES ($1, $2, $3)`, msg.Headers().Get("Nats-Msg-Id"), c.Account, c.Amount)
	_ = msg.Ack()
}
