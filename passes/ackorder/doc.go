// Package ackorder defines an Analyzer that reports messages acknowledged
// before the transaction that records their effects commits.
//
// # Analyzer ackorder
//
// ackorder: report messages acknowledged before the transaction recording their effects commits
//
// An acknowledgement tells the broker that a message is done: it is never
// delivered again. A consumer that acks while the transaction holding the
// message's writes is still open, or acks even when the commit failed,
// turns every crash, deploy, lost connection or failed commit in between
// into a lost message: the broker has forgotten it, the database never
// recorded it, and no error appears anywhere.
//
// The check knows the acks of amqp091 and streadway/amqp (Delivery.Ack,
// Channel.Ack, Acknowledger.Ack), NATS (Msg.Ack, AckSync), JetStream
// (Msg.Ack, DoubleAck), kafka-go (Reader.CommitMessages),
// confluent-kafka-go (Consumer.CommitMessage), SQS (DeleteMessage,
// DeleteMessageBatch), watermill (Message.Ack) and Google Pub/Sub
// (Message.Ack), and functions that call one (also in other packages,
// through facts). It reports an ack when a function writes on a
// transaction and
//
//   - commits that transaction after the ack;
//   - acks on the path where the commit failed (its error ignored, or the
//     branch taken when it is non-nil continuing to the ack);
//   - acks inside a transaction callback (pgx.BeginFunc, gorm Transaction,
//     bun RunInTx, a WithTx helper), which commits only when it returns;
//   - acks while writing on a transaction it received as a parameter,
//     which only its caller can commit;
//   - acks before a write on the pool, outside any transaction, that runs
//     after the ack on every path (acked early to keep a slow insert from
//     being redelivered): a crash or a failed write in between loses the
//     message. Not before a write to the process's memory, which a crash
//     loses anyway, and not for an HTTP response.
//
// An HTTP success response is an ack to the client: echo's, gin's and
// fiber's response methods and net/http's ResponseWriter.Write and
// WriteHeader, sent inside a transaction callback, before the commit or
// on its failure path, tell the client its write happened although the
// commit can still fail; the client does not retry and the write is lost.
// (Not in a function handed its caller's transaction: a handler is handed
// a request, and what looks like a transaction there is a guess.) A constant error status (400 and above) is not
// reported: answered before a rollback, it tells the truth.
//
//	WRONG: return db.Transaction(func(tx *gorm.DB) error { tx.Create(&e); return c.JSON(201, e) })
//	RIGHT: if err := db.Transaction(...); err != nil { return err }; return c.JSON(201, e)
//
// It is silent on an ack after the commit's error check (also a commit in
// a helper given the transaction, commitTx(ctx, tx)), on an ack of a
// duplicate after rolling back, on Nak, Nack, Reject, Term and InProgress
// (they redeliver or drop the message on purpose), and on transactions that
// write nothing. Auto-ack consumers (amqp091 Consume with autoAck true)
// lose messages on a crash in the same way, but deliberately: they are not
// reported.
//
// WRONG:
//
//	tx.ExecContext(ctx, `INSERT INTO orders ...`, d.MessageId)
//	d.Ack(false)
//	if err := tx.Commit(); err != nil {
//		return err
//	}
//
// RIGHT:
//
//	tx.ExecContext(ctx, `INSERT INTO orders ...`, d.MessageId)
//	if err := tx.Commit(); err != nil {
//		return err // not acked: the broker redelivers
//	}
//	d.Ack(false)
//
// When the ack is a statement of its own beside the commit (or at the top
// of the transaction callback), a suggested fix moves it after the
// commit's error check. Acking after the commit delivers a message again
// after a crash between the two, so the handler must absorb redeliveries:
// github.com/idemvet/idemvet/runtime/inbox records the message id in the
// same transaction and acks a redelivered message without running the
// handler again.
package ackorder

import (
	_ "embed"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

//go:embed doc.go
var docSource string

// Doc is the analyzer's documentation: the "Analyzer ackorder" section of the
// package comment above, which is also what go doc shows.
var Doc = analysisdoc.MustExtract(docSource, "ackorder")
