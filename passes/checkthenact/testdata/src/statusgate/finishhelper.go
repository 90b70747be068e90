package statusgate

import (
	"context"
	"database/sql"
	"errors"
)

// A resolution gate whose state write sits in a helper of the package
// that finishes the work: it is handed the ticket and updates its row by
// the ticket's id, then records an event and publishes.

type HelpTicket struct {
	ID         int64
	Status     string
	AssigneeID int64
	Contact    string
}

var errHelpResolved = errors.New("ticket already resolved")

type HelpDesk struct {
	db     *sql.DB
	mailer ContactNotifier
}

type ContactNotifier interface {
	Notify(to, template string) error
}

func (d *HelpDesk) ticket(ctx context.Context, id int64) (HelpTicket, error) {
	var t HelpTicket
	err := d.db.QueryRowContext(ctx, `SELECT id, status, assignee_id, contact FROM tickets WHERE id = $1`, id).Scan(&t.ID, &t.Status, &t.AssigneeID, &t.Contact)
	return t, err
}

// Two resolve clicks both see the ticket open, both mail the contact,
// and finishResolution moves the state for each.
func (d *HelpDesk) Resolve(ctx context.Context, id int64) error {
	t, err := d.ticket(ctx, id) // want `status-gate race: Status read here is tested, then Notify at line \d+ and the state write at line \d+ are separate steps`
	if err != nil {
		return err
	}
	if t.Status == "resolved" {
		return errHelpResolved
	}
	if err := d.mailer.Notify(t.Contact, "resolved"); err != nil {
		return err
	}
	return d.finishResolution(ctx, t)
}

func (d *HelpDesk) finishResolution(ctx context.Context, t HelpTicket) error {
	if _, err := d.db.ExecContext(ctx, `UPDATE tickets SET status = 'resolved' WHERE id = $1`, t.ID); err != nil {
		return err
	}
	_, err := d.db.ExecContext(ctx, `INSERT INTO ticket_events (ticket_id, kind) VALUES ($1, 'resolved')`, t.ID)
	return err
}

// Near miss: the helper handed the ticket updates its assignee's row, not
// the ticket's: no state of the ticket moves, and an open ticket's
// reminder is sent per request as asked.
func (d *HelpDesk) Remind(ctx context.Context, id int64) error {
	t, err := d.ticket(ctx, id)
	if err != nil {
		return err
	}
	if t.Status == "resolved" {
		return errHelpResolved
	}
	if err := d.mailer.Notify(t.Contact, "reminder"); err != nil {
		return err
	}
	return d.noteReminder(ctx, t)
}

func (d *HelpDesk) noteReminder(ctx context.Context, t HelpTicket) error {
	if _, err := d.db.ExecContext(ctx, `UPDATE agents SET reminders_sent = now() WHERE id = $1`, t.AssigneeID); err != nil {
		return err
	}
	_, err := d.db.ExecContext(ctx, `INSERT INTO ticket_events (ticket_id, kind) VALUES ($1, 'reminded')`, t.ID)
	return err
}

// The same, the update two helpers down: closing notifies, and
// finishClose hands the ticket to markClosed, which updates its row.
func (d *HelpDesk) Close(ctx context.Context, id int64) error {
	t, err := d.ticket(ctx, id) // want `status-gate race: Status read here is tested, then Notify at line \d+ and the state write at line \d+ are separate steps`
	if err != nil {
		return err
	}
	if t.Status == "closed" {
		return errHelpResolved
	}
	if err := d.mailer.Notify(t.Contact, "closed"); err != nil {
		return err
	}
	return d.finishClose(ctx, t)
}

func (d *HelpDesk) finishClose(ctx context.Context, t HelpTicket) error {
	if err := d.markClosed(ctx, t); err != nil {
		return err
	}
	return d.mailer.Notify("audit@example.com", "closed")
}

// markClosed updates the ticket's row and logs the event: an insert too.
func (d *HelpDesk) markClosed(ctx context.Context, t HelpTicket) error {
	if _, err := d.db.ExecContext(ctx, `UPDATE tickets SET status = 'closed' WHERE id = $1`, t.ID); err != nil {
		return err
	}
	_, err := d.db.ExecContext(ctx, `INSERT INTO ticket_events (ticket_id, kind) VALUES ($1, 'closed')`, t.ID)
	return err
}

// The state written by a helper that updates the columns it is handed:
// two reopen clicks both see the ticket closed and both mail.
func (d *HelpDesk) Reopen(ctx context.Context, id int64) error {
	t, err := d.ticket(ctx, id) // want `status-gate race: Status read here is tested, then Notify at line \d+ and the state write at line \d+ are separate steps`
	if err != nil {
		return err
	}
	if t.Status != "closed" {
		return errHelpResolved
	}
	if err := d.mailer.Notify(t.Contact, "reopened"); err != nil {
		return err
	}
	t.Status = "open"
	return d.finishUpdate(ctx, t, "status")
}

// Near miss: the helper is handed another column to update; the status
// stays as read.
func (d *HelpDesk) Retag(ctx context.Context, id int64) error {
	t, err := d.ticket(ctx, id)
	if err != nil {
		return err
	}
	if t.Status != "closed" {
		return errHelpResolved
	}
	if err := d.mailer.Notify(t.Contact, "retagged"); err != nil {
		return err
	}
	return d.finishUpdate(ctx, t, "contact")
}

// finishUpdate writes the named column and logs the event.
func (d *HelpDesk) finishUpdate(ctx context.Context, t HelpTicket, col string) error {
	if err := d.updateCol(ctx, t, col); err != nil {
		return err
	}
	_, err := d.db.ExecContext(ctx, `INSERT INTO ticket_events (ticket_id, kind) VALUES ($1, 'updated')`, t.ID)
	return err
}

func (d *HelpDesk) updateCol(ctx context.Context, t HelpTicket, col string) error {
	_, err := d.db.ExecContext(ctx, `UPDATE tickets SET `+col+` = $1 WHERE id = $2`, t.Status, t.ID)
	return err
}
