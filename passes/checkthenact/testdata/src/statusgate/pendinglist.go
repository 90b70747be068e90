package statusgate

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
)

// Pending work listed by a helper or a repository interface, the way
// pollers are written: the list's query (or its name) is the gate, once
// per element.

type Reminder struct {
	ID int64
	To string
}

type ReminderMailer interface {
	SendReminder(ctx context.Context, to string) error
}

type ReminderStore struct{ db *sql.DB }

// unsentReminders picks its rows by their state.
func (s *ReminderStore) unsentReminders(ctx context.Context) ([]Reminder, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, recipient FROM reminders WHERE sent_at IS NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Reminder
	for rows.Next() {
		var r Reminder
		if err := rows.Scan(&r.ID, &r.To); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// remindersOfBatch picks its rows by a key: the batch the caller names.
func (s *ReminderStore) remindersOfBatch(ctx context.Context, batch int64) ([]Reminder, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, recipient FROM reminders WHERE batch_id = $1`, batch)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Reminder
	for rows.Next() {
		var r Reminder
		if err := rows.Scan(&r.ID, &r.To); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (s *ReminderStore) markSent(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE reminders SET sent_at = now() WHERE id = $1`, id)
	return err
}

// Two pollers both list the unsent reminder, both send it, both mark it.
func (s *ReminderStore) Flush(ctx context.Context, mail ReminderMailer) error {
	pending, err := s.unsentReminders(ctx) // want `status-gate race: the list read here selects records by their state \(the gate, once per element\), then SendReminder`
	if err != nil {
		return err
	}
	for _, r := range pending {
		if err := mail.SendReminder(ctx, r.To); err != nil {
			return err
		}
		if err := s.markSent(ctx, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// Near miss: the batch's reminders are picked by its key; the loop sends
// what its caller asked for.
func (s *ReminderStore) SendBatch(ctx context.Context, mail ReminderMailer, batch int64) error {
	list, err := s.remindersOfBatch(ctx, batch)
	if err != nil {
		return err
	}
	for _, r := range list {
		if err := mail.SendReminder(ctx, r.To); err != nil {
			return err
		}
		if err := s.markSent(ctx, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// The same through a repository interface whose method says it lists
// pending work.
type Reminders interface {
	GetPendingReminders(ctx context.Context) ([]Reminder, error)
	GetRemindersOfBatch(ctx context.Context, batch int64) ([]Reminder, error)
	MarkReminderSent(ctx context.Context, id int64) error
}

func FlushThrough(ctx context.Context, repo Reminders, mail ReminderMailer) error {
	pending, err := repo.GetPendingReminders(ctx) // want `status-gate race: the list read here selects records by their state \(the gate, once per element\), then SendReminder`
	if err != nil {
		return err
	}
	for _, r := range pending {
		if err := mail.SendReminder(ctx, r.To); err != nil {
			return err
		}
		if err := repo.MarkReminderSent(ctx, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// Near miss: a list named for its key, not for a state.
func SendBatchThrough(ctx context.Context, repo Reminders, mail ReminderMailer, batch int64) error {
	list, err := repo.GetRemindersOfBatch(ctx, batch)
	if err != nil {
		return err
	}
	for _, r := range list {
		if err := mail.SendReminder(ctx, r.To); err != nil {
			return err
		}
		if err := repo.MarkReminderSent(ctx, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// A gorm helper whose condition binds a state constant to its
// placeholder picks rows by their state.
func queuedReminders(db *gorm.DB) ([]Reminder, error) {
	var out []Reminder
	err := db.Where("status = ?", "queued").Find(&out).Error
	return out, err
}

// One bound to the caller's value looks rows up by it.
func remindersOf(db *gorm.DB, owner string) ([]Reminder, error) {
	var out []Reminder
	err := db.Where("owner = ?", owner).Find(&out).Error
	return out, err
}

func FlushQueued(ctx context.Context, db *gorm.DB, mail ReminderMailer) error {
	list, err := queuedReminders(db) // want `status-gate race: the list read here selects records by their state \(the gate, once per element\), then SendReminder`
	if err != nil {
		return err
	}
	for _, r := range list {
		if err := mail.SendReminder(ctx, r.To); err != nil {
			return err
		}
		if err := db.Model(&Reminder{}).Where("id = ?", r.ID).Update("status", "sent").Error; err != nil {
			return err
		}
	}
	return nil
}

// Near miss: the owner's reminders, looked up by the owner.
func FlushOwner(ctx context.Context, db *gorm.DB, mail ReminderMailer, owner string) error {
	list, err := remindersOf(db, owner)
	if err != nil {
		return err
	}
	for _, r := range list {
		if err := mail.SendReminder(ctx, r.To); err != nil {
			return err
		}
		if err := db.Model(&Reminder{}).Where("id = ?", r.ID).Update("status", "sent").Error; err != nil {
			return err
		}
	}
	return nil
}

// One scope of the lister filters on the state, the others list all.
func remindersIn(db *gorm.DB, scope string) ([]Reminder, error) {
	var out []Reminder
	var err error
	switch scope {
	case "queued":
		err = db.Where("status = ?", "queued").Find(&out).Error
	default:
		err = db.Find(&out).Error
	}
	return out, err
}

// Near miss: the list the scoped lister returns is not picked by state.
func FlushScoped(ctx context.Context, db *gorm.DB, mail ReminderMailer) error {
	list, err := remindersIn(db, "all")
	if err != nil {
		return err
	}
	for _, r := range list {
		if err := mail.SendReminder(ctx, r.To); err != nil {
			return err
		}
		if err := db.Model(&Reminder{}).Where("id = ?", r.ID).Update("status", "sent").Error; err != nil {
			return err
		}
	}
	return nil
}
