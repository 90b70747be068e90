// Package earlyacks acknowledges JetStream messages around a single
// statement, outside any transaction.
package earlyacks

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/nats-io/nats.go/jetstream"
)

type Reply struct {
	TicketID int64
	Body     string
}

type Appender struct {
	db   *sql.DB
	seen map[string]bool
}

// Acked first to keep a slow insert from being redelivered: a crash or a
// failed insert after the ack loses the reply.
func (a *Appender) Handle(ctx context.Context, msg jetstream.Msg) {
	var r Reply
	if err := json.Unmarshal(msg.Data(), &r); err != nil {
		_ = msg.Term()
		return
	}
	_ = msg.Ack() // want `message acknowledged before the write at line \d+ that records it`
	_, _ = a.db.ExecContext(ctx, `INSERT INTO ticket_messages (ticket_id, body) VALUES ($1, $2)`, r.TicketID, r.Body)
}

// Near miss: a message that cannot be decoded is acknowledged and
// dropped; the ack runs on no path to the insert.
func (a *Appender) HandleDecodedFirst(ctx context.Context, msg jetstream.Msg) { // want HandleDecodedFirst:"acks Msg.Ack"
	var r Reply
	if err := json.Unmarshal(msg.Data(), &r); err != nil {
		_ = msg.Ack()
		return
	}
	if _, err := a.db.ExecContext(ctx, `INSERT INTO ticket_messages (ticket_id, body) VALUES ($1, $2)`, r.TicketID, r.Body); err != nil {
		_ = msg.Nak()
		return
	}
	_ = msg.Ack()
}

// Near miss: what follows the ack is the process's own memory, which a
// crash loses anyway.
func (a *Appender) HandleRemembering(ctx context.Context, msg jetstream.Msg) { // want HandleRemembering:"acks Msg.Ack"
	if _, err := a.db.ExecContext(ctx, `INSERT INTO ticket_messages (ticket_id, body) VALUES ($1, $2)`, 0, string(msg.Data())); err != nil {
		_ = msg.Nak()
		return
	}
	_ = msg.Ack()
	a.seen[msg.Subject()] = true
}

// DBTX is what sqlc's generated Queries run on: a pool or a transaction,
// told only by whoever builds the Queries.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type Queries struct{ db DBTX }

func (q *Queries) InsertReply(ctx context.Context, ticketID int64, body string) error {
	_, err := q.db.ExecContext(ctx, `INSERT INTO ticket_messages (ticket_id, body) VALUES ($1, $2)`, ticketID, body)
	return err
}

type QueriesAppender struct{ q *Queries }

// The same early ack before a generated query.
func (a *QueriesAppender) Handle(ctx context.Context, msg jetstream.Msg) {
	_ = msg.Ack() // want `message acknowledged before the write at line \d+ that records it`
	_ = a.q.InsertReply(ctx, 0, string(msg.Data()))
}
