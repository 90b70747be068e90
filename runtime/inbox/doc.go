// Package inbox processes broker messages at most once per consumer on
// PostgreSQL, with pgx/v5: the consumer inbox that idemvet's ackorder and
// attemptkey checks point to.
//
// Brokers deliver at least once: a consumer that crashes after its commit
// and before its ack gets the message again. Process makes the
// redelivery harmless. In one transaction it records (consumer, message
// id) as a claim of runtime/claim, runs the handler's writes on the same
// pgx.Tx, and commits:
//
//	INSERT INTO idemvet_claims ... ON CONFLICT DO NOTHING   -- (consumer, message id)
//	... the handler's writes, on the same pgx.Tx ...
//	COMMIT
//	ack                                                      -- only now
//
// A redelivered message finds its record and is reported as a Duplicate
// without running the handler; a crash before the commit leaves no record,
// so the redelivery runs the handler, once. Concurrent deliveries of one
// message wait on the claim's primary key: one runs the handler, the
// others become duplicates when it commits (or, after
// claim.Options.LockTimeout, get claim.ErrInProgress and are delivered
// again).
//
// # Message ids
//
// The id must be the producer's stable id of the message, the same on
// every delivery: AMQP MessageId, JetStream's Nats-Msg-Id header, an event
// id in the payload, or the idempotency key of the intent the message
// carries. Delivery tags, stream sequences, Kafka offsets and SQS receipt
// handles change when the broker delivers again; keyed on them, every
// redelivery runs the handler again.
//
// # Poison messages
//
// A handler error rolls back its writes and counts a failure (in its own
// autocommit statement, which survives the rollback); Process returns a
// *HandlerError and the caller lets the broker deliver again. The delivery
// whose failure reaches Options.MaxFailures hands the message to
// Options.DeadLetter instead, in the transaction that records it as done,
// and the message is acked: it is not delivered forever.
//
// # Brokers
//
// Subpackages settle messages for two brokers: amqpinbox (RabbitMQ,
// amqp091-go) and jetstreaminbox (NATS JetStream). For others the pattern
// is the same; ack only after Process returns a nil error:
//
//   - Kafka (segmentio/kafka-go): id from a producer header or the event's
//     own id (not topic/partition/offset); CommitMessages after Process, and
//     on error do not commit: seek back or restart the reader.
//   - Amazon SQS: id from a message attribute set by the producer (for
//     FIFO queues, MessageDeduplicationId), not MessageId's per-send value
//     or the ReceiptHandle; DeleteMessage after Process, and on error let
//     the visibility timeout expire.
//   - Google Pub/Sub: id from an attribute set by the publisher (the
//     server-assigned ID differs per publish); Ack after Process, Nack on
//     error.
//   - watermill: id from message.UUID when the publisher sets it per event;
//     Ack after Process, Nack on error.
//
// Records expire with the claims (claim.Options.TTL, Sweep): TTL must
// exceed the longest time the broker may deliver a message again.
package inbox
