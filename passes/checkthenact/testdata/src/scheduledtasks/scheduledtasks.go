// Package scheduledtasks holds callbacks a scheduler runs: a task kept
// under an id runs once for that id, a callback any caller may schedule
// again runs beside its twin.
package scheduledtasks

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"time"
)

// Scheduler keeps one task per id.
type Scheduler struct{}

// AddOnce schedules fn at start under id; it returns false if a task for
// id exists already.
func (s *Scheduler) AddOnce(id string, start time.Time, fn func(context.Context, time.Time)) bool {
	return true
}

// Add schedules fn at start; every call adds a task.
func (s *Scheduler) Add(start time.Time, fn func(context.Context, time.Time)) {}

type Polls struct {
	db    *sql.DB
	sched *Scheduler
}

func announceClosed(pollID string) {
	http.Post("https://fedi.example/polls/closed", "text/plain", strings.NewReader(pollID))
}

// ScheduleExpiry registers the poll's expiry under its id.
func (p *Polls) ScheduleExpiry(pollID string, at time.Time) bool {
	return p.sched.AddOnce(pollID, at, p.onExpiry(pollID))
}

// Near miss: the scheduler runs one expiry per poll.
func (p *Polls) onExpiry(pollID string) func(context.Context, time.Time) {
	return func(ctx context.Context, now time.Time) {
		var closedAt sql.NullTime
		if err := p.db.QueryRowContext(ctx, `SELECT closed_at FROM polls WHERE id = $1`, pollID).Scan(&closedAt); err != nil {
			return
		}
		if closedAt.Valid {
			return
		}
		announceClosed(pollID)
		p.db.ExecContext(ctx, `UPDATE polls SET closed_at = $2 WHERE id = $1`, pollID, now)
	}
}

// ScheduleReminder adds a task on every call: two calls for one poll run
// two reminders at once.
func (p *Polls) ScheduleReminder(pollID string, at time.Time) {
	p.sched.Add(at, p.onReminder(pollID))
}

func (p *Polls) onReminder(pollID string) func(context.Context, time.Time) {
	return func(ctx context.Context, now time.Time) {
		var remindedAt sql.NullTime
		if err := p.db.QueryRowContext(ctx, `SELECT reminded_at FROM polls WHERE id = $1`, pollID).Scan(&remindedAt); err != nil { // want `status-gate race`
			return
		}
		if remindedAt.Valid {
			return
		}
		announceClosed(pollID)
		p.db.ExecContext(ctx, `UPDATE polls SET reminded_at = $2 WHERE id = $1`, pollID, now)
	}
}
