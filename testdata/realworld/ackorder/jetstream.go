package ackorder

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Payments records JetStream messages with pgx.
type Payments struct {
	conn *pgx.Conn
}

// DoubleAckFirst confirms the ack with the server before committing.
func (p *Payments) DoubleAckFirst(ctx context.Context, msg jetstream.Msg) error {
	tx, err := p.conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO payments (id, body) VALUES ($1, $2)`, msg.Headers().Get(jetstream.MsgIDHeader), msg.Data()); err != nil {
		return err
	}
	if err := msg.DoubleAck(ctx); err != nil { // want:ackorder
		return err
	}
	return tx.Commit(ctx)
}

// TermFirst is its near miss: Term stops redelivery on purpose.
func (p *Payments) TermFirst(ctx context.Context, msg jetstream.Msg) error {
	tx, err := p.conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO poison (body) VALUES ($1)`, msg.Data()); err != nil { // want:redelivery
		return err
	}
	if err := msg.Term(); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CoreAck acks a core NATS message inside the callback.
func (p *Payments) CoreAck(ctx context.Context, msg *nats.Msg) error {
	return pgx.BeginFunc(ctx, p.conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO payments (body) VALUES ($1)`, msg.Data); err != nil { // want:redelivery
			return err
		}
		return msg.AckSync() // want:ackorder
	})
}

// CoreAckAfter is its near miss.
func (p *Payments) CoreAckAfter(ctx context.Context, msg *nats.Msg) error {
	if err := pgx.BeginFunc(ctx, p.conn, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO payments (body) VALUES ($1)`, msg.Data) // want:redelivery
		return err
	}); err != nil {
		return msg.Nak()
	}
	return msg.Ack()
}
