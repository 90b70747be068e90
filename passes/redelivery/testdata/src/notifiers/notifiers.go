// Package notifiers reaches people from RabbitMQ deliveries: an e-mail or
// an SMS per delivery, beside handlers that record the message first or
// only hand it on.
package notifiers

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/smtp"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Alert struct {
	ID    string
	Phone string
	Email string
	Text  string
}

// Texter sends text messages through the program's SMS gateway.
type Texter interface {
	SendSMS(ctx context.Context, phone, text string) error
}

type Consumer struct {
	db     *sql.DB
	sms    Texter
	ch     *amqp.Channel
	server string
}

// Every delivery of the alert texts the phone again.
func (c *Consumer) Text(ctx context.Context, d amqp.Delivery) error {
	var a Alert
	if err := json.Unmarshal(d.Body, &a); err != nil {
		return err
	}
	return c.sms.SendSMS(ctx, a.Phone, a.Text) // want `SendSMS, a call that leaves the process, runs again for every delivery of the message`
}

// Every delivery mails again.
func (c *Consumer) Mail(ctx context.Context, d amqp.Delivery) error {
	var a Alert
	if err := json.Unmarshal(d.Body, &a); err != nil {
		return err
	}
	return smtp.SendMail(c.server, nil, "alerts@example.com", []string{a.Email}, []byte(a.Text)) // want `SendMail, a call that leaves the process, runs again for every delivery`
}

// Near miss: the alert is handed on to another exchange; its consumer is
// redelivered the same way and dedups by the message id.
func (c *Consumer) Forward(ctx context.Context, d amqp.Delivery) error {
	return c.ch.PublishWithContext(ctx, "alerts.sms", "", false, false, amqp.Publishing{MessageId: d.MessageId, Body: d.Body})
}

// Near miss: the message's id is claimed first and the text sent only by
// the delivery whose claim inserted.
func (c *Consumer) TextOnce(ctx context.Context, d amqp.Delivery) error {
	var a Alert
	if err := json.Unmarshal(d.Body, &a); err != nil {
		return err
	}
	res, err := c.db.ExecContext(ctx, `INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING`, d.MessageId)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return c.sms.SendSMS(ctx, a.Phone, a.Text)
}

// Near miss: the claim runs in a transaction callback, and the text is
// sent when the flag it set says the message was new.
func (c *Consumer) TextAfterTx(ctx context.Context, d amqp.Delivery) error {
	var a Alert
	if err := json.Unmarshal(d.Body, &a); err != nil {
		return err
	}
	fresh := false
	err := inTx(ctx, c.db, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING`, d.MessageId)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		fresh = n == 1
		return err
	})
	if err != nil || !fresh {
		return err
	}
	return c.sms.SendSMS(ctx, a.Phone, a.Text)
}

func inTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
