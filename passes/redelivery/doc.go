// Package redelivery defines an Analyzer that reports writes a message
// handler repeats when the broker delivers the message again.
//
// # Analyzer redelivery
//
// redelivery: report non-idempotent writes in message handlers that the broker redelivers
//
// Brokers and job queues deliver at least once: a consumer that crashes,
// times out or loses its connection between its commit and its ack gets
// the message again, and a job whose handler failed is retried. A handler
// whose write adds to what is there runs it once per delivery: a balance
// credited twice, a ledger entry or a notification inserted twice, a
// counter counted twice.
//
// The check knows the handlers of amqp091 and streadway/amqp
// (Delivery), NATS and JetStream (Msg), Kafka clients (sarama's
// ConsumerMessage, franz-go's Record, segmentio/kafka-go's and
// confluent-kafka-go's Message), SQS, Google Pub/Sub and watermill
// (Message), asynq (Task) and river (Job): a function that takes one, or
// the part of a function that runs after it receives one (a loop over a
// Deliveries channel, over ReadMessage, FetchMessage, ReceiveMessage or
// PollFetches results, called on the client, on an interface of the
// program's that mirrors the client's method, or through a helper of the
// package that returns what it received). A type of the program's own
// whose Ack method acknowledges to a broker (a queue package's Delivery
// around a Redis stream entry, acked with XACK) marks its handlers too,
// across packages (a Delivery fact). A webhook receiver is a handler too:
// an HTTP handler (or the handler literal a constructor returns) named for
// a webhook it receives (StripeWebhook, parcelNetHook, PostHook) or for a
// payment provider's notification (AlipayNotify, PaymentCallback), whose
// sender posts the event again when a delivery fails or times out; not
// one that manages the program's own hooks (CreateWebhook, ListHooks) or a
// sign-in callback. Its event id is an id-like field of the body it
// decodes or a webhook id header (X-GitHub-Delivery, webhook-id, Svix-Id),
// and it is silent on a write a read of its own gates (the order loaded and
// its status tested): a retry after the first delivery finished finds the
// status moved on, and two deliveries at once are checkthenact's status
// gate. It reports, in a handler,
// directly or through the functions it calls (summaries, also across
// packages):
//
//   - a relative update: SET balance = balance + $1, array_append,
//     jsonb ||, gorm.Expr("n + ?", 1), xorm Incr, ent AddUses(n), and a repository
//     method seen only by its name and an amount (IncrementUsage,
//     AdjustStock(ctx, productID, delta));
//   - a redis counter or list: INCR, INCRBY, HINCRBY, LPUSH, RPUSH;
//   - an insert whose key is new on every run: a uuid minted in the
//     handler, a SQL INSERT that names no key column (a serial id), an ORM
//     Create of a record whose key it leaves to the database; not one that
//     fills every column of a unique key the module's schema declares
//     with values it did not mint, whose second row clashes;
//   - a call that leaves the process and reaches a person, an account or
//     another service (an e-mail, an SMS, a charge, an HTTP POST, a method
//     of the program's interface named for sending), made by the
//     handler itself; not a message handed on to a broker (a publish, a
//     produce, an enqueue), whose consumer dedups by the message's id,
//     and not when any dedup claim of the handler can run before it;
//   - at the record, a dedup claim or keyed insert gating such a write
//     whose key is a field that names the delivery, not the message: SQS's
//     ReceiptHandle, AMQP's DeliveryTag, JetStream's consumer sequence,
//     delivery count or reply subject. A redelivery brings a new value,
//     finds no record and runs the write again.
//
// It is silent when a dedup record is claimed before the write and gates
// it (INSERT ... ON CONFLICT DO NOTHING with rows affected tested, a
// redis SETNX, a claim helper, runtime/inbox's Process), when the write is
// conditional on a version or a state (WHERE version = $3, WHERE status =
// 'pending'), when it writes an absolute target (SET balance = $1) or
// upserts, when an insert is keyed by the message's own id (MessageId, a
// Nats-Msg-Id header, the event id in its body), when the handler answers
// the write's unique violation as done (if isDuplicateKey(err) { return
// nil }) and for what runs only after that write, in _test.go files, on
// auto-ack AMQP
// consumers, which give up redelivery, and when the handler's write cannot
// be seen. A claim committed apart from the write is claimtx's finding.
//
// WRONG:
//
//	func (c *Consumer) handle(ctx context.Context, d amqp.Delivery) error {
//		var evt Payment
//		json.Unmarshal(d.Body, &evt)
//		_, err := c.db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, evt.Amount, evt.Account)
//		return err
//	}
//
// RIGHT:
//
//	tx, _ := c.db.BeginTx(ctx, nil)
//	defer tx.Rollback()
//	res, err := tx.ExecContext(ctx, `INSERT INTO processed (id) VALUES ($1) ON CONFLICT DO NOTHING`, evt.ID)
//	if err != nil {
//		return err
//	}
//	if n, _ := res.RowsAffected(); n == 0 {
//		return nil // a redelivery: already applied
//	}
//	tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, evt.Amount, evt.Account)
//	return tx.Commit()
//
// github.com/idemvet/idemvet/runtime/inbox does this: it records
// (consumer, message id) in the handler's transaction, runs the handler's
// writes on it, and acks a redelivered message without running the
// handler again.
package redelivery

import (
	_ "embed"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

//go:embed doc.go
var docSource string

// Doc is the analyzer's documentation: the "Analyzer redelivery" section
// of the package comment above, which is also what go doc shows.
var Doc = analysisdoc.MustExtract(docSource, "redelivery")
