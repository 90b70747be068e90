// Package deliverykeys dedups deliveries by a record of each message: one
// keyed by a field that names the delivery (SQS's ReceiptHandle, AMQP's
// DeliveryTag, JetStream's consumer sequence) is new on every delivery of
// the same message and stops no redelivery; one keyed by the message's
// id does.
package deliverykeys

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	amqp "github.com/rabbitmq/amqp091-go"

	"deliverykeys/inbox"
)

type Credit struct {
	EventID string
	UserID  int64
	Amount  int64
}

type Wallets struct {
	db *sql.DB
	q  *inbox.Queries
}

// The claim is keyed by the receipt handle of this receive.
func (w *Wallets) OnRefund(ctx context.Context, m types.Message) error {
	var c Credit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO inbox (message_key) VALUES ($1) ON CONFLICT DO NOTHING`, aws.ToString(m.ReceiptHandle)) // want `this dedup record is keyed by the SQS ReceiptHandle, which is new on every receive: a redelivered message finds no record under its new key, and the write it gates at line \d+ runs again \(SQS delivers a message again when its visibility timeout expires before it is deleted\); key the record by the message.s own id`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the claim is keyed by the message's id, the same on every
// delivery.
func (w *Wallets) OnRefundOnce(ctx context.Context, m types.Message) error {
	var c Credit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO inbox (message_key) VALUES ($1) ON CONFLICT DO NOTHING`, aws.ToString(m.MessageId))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the record is keyed by the message's id and keeps the
// receipt handle beside it.
func (w *Wallets) OnRefundReceipt(ctx context.Context, m types.Message) error {
	var c Credit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO inbox (message_id, receipt_handle) VALUES ($1, $2) ON CONFLICT (message_id) DO NOTHING`, aws.ToString(m.MessageId), aws.ToString(m.ReceiptHandle))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err != nil {
		return err
	}
	return tx.Commit()
}

// The generated claim takes the receipt handle in its params.
func (w *Wallets) OnCashbackReceipt(ctx context.Context, m types.Message) error {
	var c Credit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	qtx := w.q.WithTx(tx)
	n, err := qtx.ClaimInboxMessage(ctx, inbox.ClaimInboxMessageParams{Consumer: "cashback", MessageKey: aws.ToString(m.ReceiptHandle)}) // want `this dedup record is keyed by the SQS ReceiptHandle`
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if err := qtx.CreditWallet(ctx, inbox.CreditWalletParams{UserID: c.UserID, AmountCents: c.Amount}); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the generated claim takes the producer's event id.
func (w *Wallets) OnCashback(ctx context.Context, m types.Message) error {
	var c Credit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	qtx := w.q.WithTx(tx)
	n, err := qtx.ClaimInboxMessage(ctx, inbox.ClaimInboxMessageParams{Consumer: "cashback", MessageKey: c.EventID})
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if err := qtx.CreditWallet(ctx, inbox.CreditWalletParams{UserID: c.UserID, AmountCents: c.Amount}); err != nil {
		return err
	}
	return tx.Commit()
}

// The claim is keyed by the delivery tag, the channel's count of its
// deliveries.
func (w *Wallets) OnBonus(ctx context.Context, d amqp.Delivery) error {
	var c Credit
	if err := json.Unmarshal(d.Body, &c); err != nil {
		return d.Nack(false, false)
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO inbox (message_key) VALUES ($1) ON CONFLICT DO NOTHING`, "bonus:"+strconv.FormatUint(d.DeliveryTag, 10)) // want `this dedup record is keyed by the AMQP DeliveryTag`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return d.Ack(false)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return d.Ack(false)
}

// Near miss: the claim is keyed by the publisher's message id.
func (w *Wallets) OnBonusOnce(ctx context.Context, d amqp.Delivery) error {
	var c Credit
	if err := json.Unmarshal(d.Body, &c); err != nil {
		return d.Nack(false, false)
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO inbox (message_key) VALUES ($1) ON CONFLICT DO NOTHING`, "bonus:"+d.MessageId)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return d.Ack(false)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return d.Ack(false)
}

// The claim is keyed by the consumer sequence, which a redelivery
// advances.
func (w *Wallets) OnReward(ctx context.Context, msg jetstream.Msg) error {
	meta, err := msg.Metadata()
	if err != nil {
		return err
	}
	var c Credit
	if err := json.Unmarshal(msg.Data(), &c); err != nil {
		return msg.Term()
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO inbox (message_key) VALUES ($1) ON CONFLICT DO NOTHING`, strconv.FormatUint(meta.Sequence.Consumer, 10)) // want `this dedup record is keyed by the JetStream consumer sequence`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return msg.Ack()
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return msg.Ack()
}

// Near miss: the stream sequence is the message's place in the stream,
// the same on every delivery.
func (w *Wallets) OnRewardOnce(ctx context.Context, msg jetstream.Msg) error {
	meta, err := msg.Metadata()
	if err != nil {
		return err
	}
	var c Credit
	if err := json.Unmarshal(msg.Data(), &c); err != nil {
		return msg.Term()
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO inbox (message_key) VALUES ($1) ON CONFLICT DO NOTHING`, strconv.FormatUint(meta.Sequence.Stream, 10))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return msg.Ack()
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return msg.Ack()
}

// The claim is keyed by the reply subject, JetStream's ack subject for
// this delivery, which carries the delivery count.
func (w *Wallets) OnGift(m *nats.Msg) {
	ctx := context.Background()
	var c Credit
	if err := json.Unmarshal(m.Data, &c); err != nil {
		return
	}
	res, err := w.db.ExecContext(ctx, `INSERT INTO inbox (message_key) VALUES ($1) ON CONFLICT DO NOTHING`, m.Reply) // want `this dedup record is keyed by the message's reply subject`
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_ = m.Ack()
		return
	}
	if _, err := w.db.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err == nil {
		_ = m.Ack()
	}
}

// Near miss: keyed by the Nats-Msg-Id the publisher set.
func (w *Wallets) OnGiftOnce(m *nats.Msg) {
	ctx := context.Background()
	var c Credit
	if err := json.Unmarshal(m.Data, &c); err != nil {
		return
	}
	res, err := w.db.ExecContext(ctx, `INSERT INTO inbox (message_key) VALUES ($1) ON CONFLICT DO NOTHING`, m.Header.Get("Nats-Msg-Id"))
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_ = m.Ack()
		return
	}
	if _, err := w.db.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err == nil {
		_ = m.Ack()
	}
}

func isUniqueViolation(err error) bool {
	return err != nil && strings.Contains(err.Error(), "23505")
}

// The delivery's record is refused a second time only for the same
// receipt handle, which the next receive does not bring.
func (w *Wallets) OnTopUp(ctx context.Context, m types.Message) error {
	var c Credit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, `INSERT INTO processed_deliveries (id) VALUES ($1)`, aws.ToString(m.ReceiptHandle)) // want `this dedup record is keyed by the SQS ReceiptHandle`
	if isUniqueViolation(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: refused a second time for the same message id.
func (w *Wallets) OnTopUpOnce(ctx context.Context, m types.Message) error {
	var c Credit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, `INSERT INTO processed_deliveries (id) VALUES ($1)`, aws.ToString(m.MessageId))
	if isUniqueViolation(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, c.Amount, c.UserID); err != nil {
		return err
	}
	return tx.Commit()
}

// A row keyed by the receipt handle is itself a new row on every
// delivery: reported as the insert it is.
func (w *Wallets) OnTopUpLogged(ctx context.Context, m types.Message) error {
	var c Credit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	_, err := w.db.ExecContext(ctx, `INSERT INTO top_ups (receipt_handle, user_id, amount) VALUES ($1, $2, $3)`, aws.ToString(m.ReceiptHandle), c.UserID, c.Amount) // want `an insert whose key the database mints runs again for every delivery`
	if isUniqueViolation(err) {
		return nil
	}
	return err
}
