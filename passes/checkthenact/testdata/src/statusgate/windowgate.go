package statusgate

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Rate windows: the time something last happened is read, compared with
// now and a window, and the act and the record of the new time follow in
// separate steps. Two requests both find the window elapsed and both act.

var errTooSoon = errors.New("too soon")

type CodeMailer interface {
	SendCode(ctx context.Context, to, code string) error
}

type CodeLog struct{ db *sql.DB }

// LastSent returns the zero time when no code was sent yet.
func (l *CodeLog) LastSent(ctx context.Context, to string) (time.Time, error) {
	var t time.Time
	err := l.db.QueryRowContext(ctx, `SELECT created_at FROM codes WHERE dest = $1 ORDER BY created_at DESC LIMIT 1`, to).Scan(&t)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	return t, err
}

func (l *CodeLog) Insert(ctx context.Context, to, code string) error {
	_, err := l.db.ExecContext(ctx, `INSERT INTO codes (dest, code, created_at) VALUES ($1, $2, now())`, to, code)
	return err
}

// The window on the last row of an append-only log, then a send, then a
// new row.
func SendLoginCode(ctx context.Context, l *CodeLog, m CodeMailer, to, code string) error {
	last, err := l.LastSent(ctx, to) // want `rate-window race: the time read here is compared with a window, then SendCode at line \d+ and the state write at line \d+ are separate steps`
	if err != nil {
		return err
	}
	if time.Since(last) < time.Minute {
		return errTooSoon
	}
	if err := m.SendCode(ctx, to, code); err != nil {
		return err
	}
	return l.Insert(ctx, to, code)
}

// Near miss: the same read tested the other way is an expiry (the act
// runs while the time is recent), which limits nothing.
func ResendIfFresh(ctx context.Context, l *CodeLog, m CodeMailer, to, code string) error {
	last, err := l.LastSent(ctx, to)
	if err != nil {
		return err
	}
	if time.Since(last) > 10*time.Minute {
		return errors.New("expired, start again")
	}
	if err := m.SendCode(ctx, to, code); err != nil {
		return err
	}
	return l.Insert(ctx, to, code)
}

// A contact whose reset mail is limited by the time it was last sent,
// kept on the contact's own row.
type Contact struct {
	ID          int64
	Email       string
	ResetSentAt time.Time
	InvitedAt   *time.Time
	NextPingAt  time.Time
}

type Contacts interface {
	GetContact(ctx context.Context, id int64) (*Contact, error)
	SaveContact(ctx context.Context, m *Contact) error
}

type ContactMail interface {
	SendReset(ctx context.Context, to string) error
	SendInvite(ctx context.Context, to string) error
	SendPing(ctx context.Context, to string) error
}

type Outreach struct {
	contacts Contacts
	mail     ContactMail
	db       *sql.DB
}

// The window on a time field, tested only when it is set.
func (a *Outreach) SendReset(ctx context.Context, id int64) error {
	m, err := a.contacts.GetContact(ctx, id) // want `rate-window race: ResetSentAt read here is compared with a window, then SendReset`
	if err != nil {
		return err
	}
	if !m.ResetSentAt.IsZero() && time.Since(m.ResetSentAt) < 5*time.Minute {
		return errTooSoon
	}
	if err := a.mail.SendReset(ctx, m.Email); err != nil {
		return err
	}
	m.ResetSentAt = time.Now()
	return a.contacts.SaveContact(ctx, m)
}

// A pointer to the time, and the window added to it.
func (a *Outreach) Reinvite(ctx context.Context, id int64) error {
	m, err := a.contacts.GetContact(ctx, id) // want `rate-window race: InvitedAt read here is compared with a window, then SendInvite`
	if err != nil {
		return err
	}
	if m.InvitedAt != nil && m.InvitedAt.Add(time.Hour).After(time.Now()) {
		return errTooSoon
	}
	if err := a.mail.SendInvite(ctx, m.Email); err != nil {
		return err
	}
	now := time.Now()
	m.InvitedAt = &now
	return a.contacts.SaveContact(ctx, m)
}

// The next time allowed, stored ahead.
func (a *Outreach) Ping(ctx context.Context, id int64) error {
	m, err := a.contacts.GetContact(ctx, id) // want `rate-window race: NextPingAt read here is compared with a window, then SendPing`
	if err != nil {
		return err
	}
	if time.Now().Before(m.NextPingAt) {
		return errTooSoon
	}
	if err := a.mail.SendPing(ctx, m.Email); err != nil {
		return err
	}
	m.NextPingAt = time.Now().Add(time.Hour)
	return a.contacts.SaveContact(ctx, m)
}

// Near miss: a reminder sent only while the last ping is less than a
// day old is an expiry test (the act runs while the time is recent).
func (a *Outreach) RemindAfterPing(ctx context.Context, id int64) error {
	m, err := a.contacts.GetContact(ctx, id)
	if err != nil {
		return err
	}
	if time.Now().After(m.NextPingAt.Add(24 * time.Hour)) {
		return errors.New("too late for a reminder")
	}
	if err := a.mail.SendPing(ctx, m.Email); err != nil {
		return err
	}
	m.NextPingAt = time.Now().Add(time.Hour)
	return a.contacts.SaveContact(ctx, m)
}

// Near miss: the window is read with the row locked, in the transaction
// that records the new time, so the second request waits and then finds
// the window closed.
func (a *Outreach) SendResetLocked(ctx context.Context, id int64) error {
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var email string
	var sentAt time.Time
	if err := tx.QueryRowContext(ctx, `SELECT email, reset_sent_at FROM contacts WHERE id = $1 FOR UPDATE`, id).Scan(&email, &sentAt); err != nil {
		return err
	}
	if time.Since(sentAt) < 5*time.Minute {
		return errTooSoon
	}
	if err := a.mail.SendReset(ctx, email); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE contacts SET reset_sent_at = now() WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// The same read without the lock.
func (a *Outreach) SendResetUnlocked(ctx context.Context, id int64) error {
	var email string
	var sentAt time.Time
	if err := a.db.QueryRowContext(ctx, `SELECT email, reset_sent_at FROM contacts WHERE id = $1`, id).Scan(&email, &sentAt); err != nil { // want `rate-window race: the time read here is compared with a window, then SendReset`
		return err
	}
	if time.Since(sentAt) < 5*time.Minute {
		return errTooSoon
	}
	if err := a.mail.SendReset(ctx, email); err != nil {
		return err
	}
	_, err := a.db.ExecContext(ctx, `UPDATE contacts SET reset_sent_at = now() WHERE id = $1`, id)
	return err
}
