// Package amqpcredit credits accounts from RabbitMQ deliveries: each
// reported write beside the near miss a redelivery does not repeat.
package amqpcredit

import (
	"context"
	"database/sql"
	"encoding/json"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Payment struct {
	ID      string
	Account string
	Amount  int64
	Version int64
	Invoice string // the invoice the payment settles
}

type Consumer struct{ db *sql.DB }

func decode(d amqp.Delivery) Payment {
	var p Payment
	_ = json.Unmarshal(d.Body, &p)
	return p
}

// A relative update credits the amount once per delivery.
func (c *Consumer) Credit(ctx context.Context, d amqp.Delivery) error {
	var p Payment
	if err := json.Unmarshal(d.Body, &p); err != nil {
		return err
	}
	_, err := c.db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, p.Amount, p.Account) // want `a relative update \(the new value computed from the old one\) runs again for every delivery of the message: RabbitMQ redelivers a delivery that was not acked when the consumer's channel closes, and no dedup record`
	return err
}

// Near miss: the balance the message carries is an absolute target.
func (c *Consumer) SetBalance(ctx context.Context, d amqp.Delivery) error {
	var p Payment
	if err := json.Unmarshal(d.Body, &p); err != nil {
		return err
	}
	_, err := c.db.ExecContext(ctx, `UPDATE accounts SET balance = $1 WHERE id = $2`, p.Amount, p.Account)
	return err
}

// Near miss: conditional on the version the message was computed from,
// with rows affected telling a redelivery apart.
func (c *Consumer) CreditAtVersion(ctx context.Context, d amqp.Delivery) error {
	p := decode(d)
	res, err := c.db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1, version = version + 1 WHERE id = $2 AND version = $3`, p.Amount, p.Account, p.Version)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // applied already
	}
	return nil
}

// Near miss: the message's id is claimed in the same transaction first,
// and the credit runs only when the claim inserted a row.
func (c *Consumer) CreditOnce(ctx context.Context, d amqp.Delivery) error {
	p := decode(d)
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING`, p.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // a redelivery
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, p.Amount, p.Account); err != nil {
		return err
	}
	return tx.Commit()
}

// The claim's outcome is never tested: a redelivery finds the row, inserts
// nothing, and credits again.
func (c *Consumer) CreditClaimUntested(ctx context.Context, d amqp.Delivery) error {
	p := decode(d)
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING`, p.ID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, p.Amount, p.Account); err != nil { // want `a relative update`
		return err
	}
	return tx.Commit()
}

// The claim comes after the credit: it gates nothing.
func (c *Consumer) CreditThenClaim(ctx context.Context, d amqp.Delivery) error {
	p := decode(d)
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, p.Amount, p.Account); err != nil { // want `a relative update`
		return err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING`, p.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return tx.Commit()
}

// A loop over the deliveries of a consumer that acks by hand: each entry
// is inserted once per delivery, under a key the database mints.
func (c *Consumer) Run(ctx context.Context, ch *amqp.Channel) error {
	msgs, err := ch.Consume("ledger", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		p := decode(d)
		if _, err := c.db.ExecContext(ctx, `INSERT INTO entries (account_id, amount) VALUES ($1, $2)`, p.Account, p.Amount); err != nil { // want `an insert whose key the database mints runs again`
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// Near miss: keyed by the payment's id, a redelivered entry is a
// duplicate key, not a second entry.
func (c *Consumer) RunKeyed(ctx context.Context, ch *amqp.Channel) error {
	msgs, err := ch.Consume("ledger", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		p := decode(d)
		if _, err := c.db.ExecContext(ctx, `INSERT INTO entries (id, account_id, amount) VALUES ($1, $2, $3)`, p.ID, p.Account, p.Amount); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// Near miss: a settlement's primary key is the invoice it settles
// (schema.sql), though no column is named id: a redelivered settlement
// clashes with the first.
func (c *Consumer) RunSettled(ctx context.Context, ch *amqp.Channel) error {
	msgs, err := ch.Consume("ledger", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		p := decode(d)
		if _, err := c.db.ExecContext(ctx, `INSERT INTO settlements (invoice_id, account_id, amount) VALUES ($1, $2, $3)`, p.Invoice, p.Account, p.Amount); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// The invoice is stored, but the table's only key is a serial: each
// delivery adds a transfer.
func (c *Consumer) RunTransfers(ctx context.Context, ch *amqp.Channel) error {
	msgs, err := ch.Consume("ledger", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		p := decode(d)
		if _, err := c.db.ExecContext(ctx, `INSERT INTO transfers (invoice_id, amount) VALUES ($1, $2)`, p.Invoice, p.Amount); err != nil { // want `an insert whose key the database mints runs again`
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// Near miss: an auto-ack consumer gives up redelivery (and loses messages
// instead; that is its own choice).
func (c *Consumer) RunAutoAck(ctx context.Context, ch *amqp.Channel) error {
	msgs, err := ch.Consume("ledger", "", true, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		p := decode(d)
		_, _ = c.db.ExecContext(ctx, `INSERT INTO entries (account_id, amount) VALUES ($1, $2)`, p.Account, p.Amount)
	}
	return nil
}

// Near miss: the writes before the loop run once per consumer, not per
// delivery.
func (c *Consumer) RunCounted(ctx context.Context, ch *amqp.Channel) error {
	if _, err := c.db.ExecContext(ctx, `UPDATE consumers SET starts = starts + 1 WHERE id = $1`, "ledger"); err != nil {
		return err
	}
	msgs, err := ch.Consume("ledger", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		p := decode(d)
		_, _ = c.db.ExecContext(ctx, `UPDATE accounts SET balance = $1 WHERE id = $2`, p.Amount, p.Account)
		_ = d.Ack(false)
	}
	return nil
}

// A loop that hands each delivery to a handler: the write is reported in
// Credit, where it is, not again at the call.
func (c *Consumer) RunDelegating(ctx context.Context, ch *amqp.Channel) error {
	msgs, err := ch.Consume("credits", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		if err := c.Credit(ctx, d); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// Near miss: the log rows are those of the invoices the guarded UPDATE
// closed; a redelivery closes none and logs nothing (goalert's
// auto-close).
func (c *Consumer) CloseInvoices(ctx context.Context, d amqp.Delivery) error {
	p := decode(d)
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `UPDATE invoices SET status = 'closed' WHERE account_id = $1 AND status <> 'closed' RETURNING id`, p.Account)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO invoice_log (invoice_id, event) SELECT unnest($1::bigint[]), 'closed'`, ids); err != nil {
		return err
	}
	return tx.Commit()
}

// The same log written for every invoice of the account, closed now or
// before: each delivery logs them all again.
func (c *Consumer) CloseInvoicesLogAll(ctx context.Context, d amqp.Delivery) error {
	p := decode(d)
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE invoices SET status = 'closed' WHERE account_id = $1 AND status <> 'closed'`, p.Account); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO invoice_log (invoice_id, event) SELECT id, 'closed' FROM invoices WHERE account_id = $1`, p.Account); err != nil { // want `an insert whose key the database mints runs again`
		return err
	}
	return tx.Commit()
}
