package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/pgstore"
)

// ManagerDirectory finds the escalation contact of a workspace.
type ManagerDirectory interface {
	ManagerEmail(ctx context.Context, workspaceID int64) (string, error)
}

// SLABreachNotifier e-mails the team manager once for every ticket whose
// first-response deadline has passed.
type SLABreachNotifier struct {
	Store    *pgstore.Store
	Managers ManagerDirectory
	Mailer   effects.Mailer
	Log      *slog.Logger
}

func (j *SLABreachNotifier) Name() string { return "sla-breach-notifier" }

func (j *SLABreachNotifier) Run(ctx context.Context) error {
	due, err := j.Store.Q.ListTicketsBreachingSLA(ctx, 200)
	if err != nil {
		return pgstore.MapErr(err)
	}
	for _, t := range due {
		if err := j.notify(ctx, t); err != nil {
			j.Log.WarnContext(ctx, "breach notice", "ticket", t.ID, "err", err)
			continue
		}
		if err := j.Store.Q.MarkSLABreachNotified(ctx, t.ID); err != nil {
			return pgstore.MapErr(err)
		}
	}
	return nil
}

func (j *SLABreachNotifier) notify(ctx context.Context, t db.Ticket) error {
	to, err := j.Managers.ManagerEmail(ctx, t.WorkspaceID)
	if err != nil {
		return err
	}
	late := time.Since(t.SlaDueAt.Time).Round(time.Minute)
	_, err = j.Mailer.Send(ctx, effects.Email{
		To:       to,
		Subject:  fmt.Sprintf("SLA breached on #%d (%s late)", t.Number, late),
		Template: "sla_breached",
		Data:     map[string]any{"ticket_id": t.ID, "subject": t.Subject, "priority": t.Priority},
	})
	return err
}

// dunningLockKey is the advisory-lock key of the dunning job.
const dunningLockKey = 0x64756e6e

// DunningJob sends payment reminders for failed invoices under a
// session-level advisory lock held on a dedicated connection.
type DunningJob struct {
	Store  *pgstore.Store
	Mailer effects.Mailer
	Emails ManagerDirectory
	Log    *slog.Logger
}

func (j *DunningJob) Name() string { return "dunning" }

func (j *DunningJob) Run(ctx context.Context) error {
	conn, err := j.Store.DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	q := db.New(conn)
	locked, err := q.TryAdvisoryLock(ctx, dunningLockKey)
	if err != nil {
		return err
	}
	if !locked {
		return nil
	}
	defer func() {
		if _, err := q.AdvisoryUnlock(context.WithoutCancel(ctx), dunningLockKey); err != nil {
			j.Log.Warn("advisory unlock", "err", err)
		}
	}()

	notices, err := q.ListDueDunningNotices(ctx, time.Now())
	if err != nil {
		return err
	}
	for _, n := range notices {
		to, err := j.Emails.ManagerEmail(ctx, n.WorkspaceID)
		if err != nil {
			continue
		}
		if _, err := j.Mailer.Send(ctx, effects.Email{
			To:       to,
			Subject:  "Payment failed for invoice " + n.InvoiceRef,
			Template: fmt.Sprintf("dunning_stage_%d", n.Stage),
		}); err != nil {
			j.Log.Warn("dunning mail", "notice", n.ID, "err", err)
			continue
		}
		if err := q.MarkDunningSent(ctx, n.ID); err != nil {
			return err
		}
	}
	return nil
}
