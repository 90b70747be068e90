// Package jobs runs the periodic work on robfig/cron. Every replica of the
// server runs the scheduler.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/robfig/cron/v3"

	"example.com/shop3/internal/consumer"
	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/service"
	"example.com/shop3/internal/store/mysqlstore"
	"example.com/shop3/internal/store/pgstore"
)

type Jobs struct {
	Notifications pgstore.NotificationRepo
	Outbox        pgstore.OutboxRepo
	Invoices      mysqlstore.InvoiceRepo
	Billing       *service.BillingService
	Mailer        service.Mailer
	Texter        service.Texter
	Publisher     *consumer.Publisher
	Log           *slog.Logger
}

func (j *Jobs) Start(ctx context.Context) *cron.Cron {
	c := cron.New(cron.WithSeconds(), cron.WithChain(cron.Recover(cron.DefaultLogger)))
	add := func(spec string, fn func(context.Context) error, name string) {
		_, _ = c.AddFunc(spec, func() {
			if err := fn(ctx); err != nil {
				j.Log.Error("job failed", "job", name, "err", err)
			}
		})
	}
	add("*/30 * * * * *", j.SendNotifications, "notifications")
	add("*/30 * * * * *", j.SendDigests, "digests")
	add("0 */5 * * * *", j.RemindOverdue, "dunning")
	add("0 */10 * * * *", j.RemindOverdueLocked, "dunning-locked")
	add("*/5 * * * * *", j.RelayOutbox, "outbox")
	add("*/5 * * * * *", j.RelayPriorityOutbox, "outbox-priority")
	c.Start()
	return c
}

func (j *Jobs) deliver(ctx context.Context, n domain.Notification) error {
	switch n.Channel {
	case "sms":
		return j.Texter.Text(ctx, n.Recipient, n.Body)
	case "email":
		return j.Mailer.Send(ctx, n.Recipient, n.Subject, n.Body)
	}
	return fmt.Errorf("unknown channel %q", n.Channel)
}

// SendNotifications sends what is pending and marks it sent.
func (j *Jobs) SendNotifications(ctx context.Context) error {
	pending, err := j.Notifications.GetPending(ctx, 100)
	if err != nil {
		return err
	}
	for _, n := range pending {
		if err := j.deliver(ctx, n); err != nil {
			j.Log.Warn("notification failed", "id", n.ID, "err", err)
			continue
		}
		if err := j.Notifications.MarkSent(ctx, n.ID); err != nil {
			return err
		}
	}
	return nil
}

// SendDigests sends the pending digest notifications this worker claimed.
func (j *Jobs) SendDigests(ctx context.Context) error {
	worker, _ := os.Hostname()
	claimed, err := j.Notifications.ClaimPending(ctx, worker, 100)
	if err != nil {
		return err
	}
	for _, n := range claimed {
		if err := j.deliver(ctx, n); err != nil {
			j.Log.Warn("digest failed", "id", n.ID, "err", err)
			continue
		}
		if err := j.Notifications.MarkSent(ctx, n.ID); err != nil {
			return err
		}
	}
	return nil
}

// RemindOverdue texts a reminder for each overdue invoice.
func (j *Jobs) RemindOverdue(ctx context.Context) error {
	overdue, err := j.Invoices.OverdueWithoutReminder(ctx, 200)
	if err != nil {
		return err
	}
	for _, inv := range overdue {
		if err := j.Billing.RemindOverdue(ctx, inv); err != nil {
			j.Log.Warn("reminder failed", "invoice", inv.ID, "err", err)
			continue
		}
		if err := j.Invoices.SetReminderAt(ctx, inv.ID, time.Now().UTC()); err != nil {
			return err
		}
	}
	return nil
}

// RemindOverdueLocked is RemindOverdue for the enterprise tenants' queue.
func (j *Jobs) RemindOverdueLocked(ctx context.Context) error {
	_, err := j.Invoices.RemindOverdue(ctx, 200, j.Billing.RemindOverdue)
	return err
}

// RelayOutbox publishes the outbox and marks what went out.
func (j *Jobs) RelayOutbox(ctx context.Context) error {
	msgs, err := j.Outbox.Unpublished(ctx, 500)
	if err != nil {
		return err
	}
	for _, m := range msgs {
		if err := j.Publisher.PublishRaw(ctx, m.Topic, fmt.Sprintf("outbox-%d", m.ID), m.Payload); err != nil {
			return err
		}
		if err := j.Outbox.MarkPublished(ctx, m.ID); err != nil {
			return err
		}
	}
	return nil
}

// RelayPriorityOutbox is RelayOutbox with the batch locked (SKIP LOCKED).
func (j *Jobs) RelayPriorityOutbox(ctx context.Context) error {
	_, err := j.Outbox.Relay(ctx, 500, func(ctx context.Context, m pgstore.OutboxMessage) error {
		return j.Publisher.PublishRaw(ctx, m.Topic, fmt.Sprintf("outbox-%d", m.ID), m.Payload)
	})
	return err
}
