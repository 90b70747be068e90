// Package jobs handles Kafka records and queued jobs: sarama, franz-go,
// asynq and river, and a handler that runs behind runtime/inbox.
package jobs

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/IBM/sarama"
	"github.com/hibiken/asynq"
	"github.com/idemvet/idemvet/runtime/inbox"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/twmb/franz-go/pkg/kgo"
	"gorm.io/gorm"
)

type Usage struct {
	ID       string
	Customer string
	Units    int64
}

type Meter struct {
	db   *sql.DB
	gdb  *gorm.DB
	in   *inbox.Inbox
	conn *pgx.Conn
}

// sarama: the loop over the claim's messages.
func (m *Meter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var u Usage
		_ = json.Unmarshal(msg.Value, &u)
		_, _ = m.db.Exec(`UPDATE customers SET units = units + $1 WHERE id = $2`, u.Units, u.Customer) // want `a relative update`
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Near miss, sarama: units recorded per usage id, an upsert.
func (m *Meter) ConsumeClaimUpsert(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var u Usage
		_ = json.Unmarshal(msg.Value, &u)
		_, _ = m.db.Exec(`INSERT INTO usage (id, customer_id, units) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, u.ID, u.Customer, u.Units)
		sess.MarkMessage(msg, "")
	}
	return nil
}

// franz-go: a callback per record.
func (m *Meter) Poll(ctx context.Context, cl *kgo.Client) {
	fetches := cl.PollFetches(ctx)
	fetches.EachRecord(func(r *kgo.Record) {
		_ = m.gdb.Model(&Usage{}).Where("customer_id = ?", string(r.Key)).UpdateColumn("units", gorm.Expr("units + ?", 1)).Error // want `a relative update`
	})
	// Near miss: an absolute value.
	fetches.EachRecord(func(r *kgo.Record) {
		_ = m.gdb.Model(&Usage{}).Where("customer_id = ?", string(r.Key)).UpdateColumn("units", 1).Error
	})
}

// franz-go: a loop over Records().
func (m *Meter) PollLoop(ctx context.Context, cl *kgo.Client) {
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			_, _ = m.db.ExecContext(ctx, `INSERT INTO usage_events (customer_id, payload) VALUES ($1, $2)`, string(r.Key), r.Value) // want `an insert whose key the database mints`
		}
	}
}

// asynq: a task handler.
func (m *Meter) HandleUsage(ctx context.Context, t *asynq.Task) error {
	var u Usage
	if err := json.Unmarshal(t.Payload(), &u); err != nil {
		return err
	}
	_, err := m.db.ExecContext(ctx, `UPDATE customers SET tags = array_append(tags, $1) WHERE id = $2`, "metered", u.Customer) // want `a relative update .* asynq retries a task whose handler failed`
	return err
}

// Near miss, asynq: a state transition with rows affected tested.
func (m *Meter) HandleActivate(ctx context.Context, t *asynq.Task) error {
	var u Usage
	if err := json.Unmarshal(t.Payload(), &u); err != nil {
		return err
	}
	res, err := m.db.ExecContext(ctx, `UPDATE customers SET units = units + $1, status = 'active' WHERE id = $2 AND status = 'pending'`, u.Units, u.Customer)
	if err != nil {
		return err
	}
	_, err = res.RowsAffected()
	return err
}

type InvoiceArgs struct {
	Customer string
	Amount   int64
}

type InvoiceWorker struct{ m *Meter }

// river: Work takes the job.
func (w *InvoiceWorker) Work(ctx context.Context, job *river.Job[InvoiceArgs]) error {
	_, err := w.m.db.ExecContext(ctx, `UPDATE customers SET owed = owed + $1 WHERE id = $2`, job.Args.Amount, job.Args.Customer) // want `river retries a job`
	return err
}

type InvoiceOnceWorker struct{ m *Meter }

// Near miss, river: the job's id is claimed in the same gorm transaction
// and the credit runs only for the first claim.
func (w *InvoiceOnceWorker) Work(ctx context.Context, job *river.Job[InvoiceArgs]) error {
	return w.m.gdb.Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`INSERT INTO processed_jobs (id) VALUES (?) ON CONFLICT DO NOTHING`, job.ID)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Exec(`UPDATE customers SET owed = owed + ? WHERE id = ?`, job.Args.Amount, job.Args.Customer).Error
	})
}

// Near miss: the writes run behind runtime/inbox, which claims the
// message in the transaction it hands in.
func (m *Meter) ConsumeInbox(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_, err := m.in.Process(context.Background(), inbox.Message{ID: string(msg.Key), Body: msg.Value}, func(ctx context.Context, tx pgx.Tx, im inbox.Message) error {
			_, err := tx.Exec(ctx, `UPDATE customers SET units = units + 1 WHERE id = $1`, im.ID)
			return err
		})
		if err == nil {
			sess.MarkMessage(msg, "")
		}
	}
	return nil
}

// Near miss: an enqueuer builds a task, it does not handle one; the
// counter after it runs once per request.
func (m *Meter) EnqueueUsage(ctx context.Context, c *asynq.Client, u Usage) error {
	payload, _ := json.Marshal(u)
	t := asynq.NewTask("usage", payload)
	if err := c.Enqueue(t); err != nil {
		return err
	}
	_, err := m.db.ExecContext(ctx, `UPDATE customers SET queued = queued + 1 WHERE id = $1`, u.Customer)
	return err
}

func (m *Meter) send(c *asynq.Client, t *asynq.Task) error { return c.Enqueue(t) }

// Near miss: the task is built by its constructor and sent through a
// helper of this package.
func (m *Meter) EnqueueViaHelper(ctx context.Context, c *asynq.Client, u Usage) error {
	payload, _ := json.Marshal(u)
	t := asynq.NewTask("usage", payload)
	if _, err := m.db.ExecContext(ctx, `UPDATE customers SET queued = queued + 1 WHERE id = $1`, u.Customer); err != nil {
		return err
	}
	return m.send(c, t)
}
