package swallowedduplicates

import (
	"context"
	"database/sql"
	"errors"
)

type Tickets struct{ db *sql.DB }

func (t *Tickets) byToken(ctx context.Context, token string) (int64, error) {
	var id int64
	err := t.db.QueryRowContext(ctx, `SELECT id FROM tickets WHERE client_token = $1`, token).Scan(&id)
	return id, err
}

// nextNumber draws the workspace's next ticket number.
func (t *Tickets) nextNumber(ctx context.Context, workspaceID int64) (int64, error) {
	var n int64
	err := t.db.QueryRowContext(ctx, `UPDATE workspaces SET next_number = next_number + 1 WHERE id = $1 RETURNING next_number`, workspaceID).Scan(&n)
	return n, err
}

func (t *Tickets) countSubmission(ctx context.Context, workspaceID int64) error {
	_, err := t.db.ExecContext(ctx, `UPDATE workspaces SET submissions = submissions + 1 WHERE id = $1`, workspaceID)
	return err
}

// Near miss: the number drawn is the new row's; a loser burns one, as a
// sequence does, and nothing is doubled.
func (t *Tickets) Open(ctx context.Context, workspaceID int64, token string) error {
	if _, err := t.byToken(ctx, token); err == nil {
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	n, err := t.nextNumber(ctx, workspaceID)
	if err != nil {
		return err
	}
	_, err = t.db.ExecContext(ctx, `INSERT INTO tickets (workspace_id, number, client_token) VALUES ($1, $2, $3) ON CONFLICT (client_token) DO NOTHING`, workspaceID, n, token)
	return err
}

// The submission counter is bumped for both callers before the insert
// that keeps one of them.
func (t *Tickets) OpenCounted(ctx context.Context, workspaceID int64, token string) error {
	if _, err := t.byToken(ctx, token); err == nil { // want `check-then-act race: the existence check byToken and the conditional insert at line \d+ let two concurrent callers both reach countSubmission`
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if err := t.countSubmission(ctx, workspaceID); err != nil {
		return err
	}
	_, err := t.db.ExecContext(ctx, `INSERT INTO tickets (workspace_id, client_token) VALUES ($1, $2) ON CONFLICT (client_token) DO NOTHING`, workspaceID, token)
	return err
}

// Near miss: an imported ticket is counted instead of opened; no caller
// both counts and inserts, so the insert has nothing to gate.
func (t *Tickets) OpenOrCount(ctx context.Context, workspaceID int64, token string, imported bool) error {
	if _, err := t.byToken(ctx, token); err == nil {
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if imported {
		return t.countSubmission(ctx, workspaceID)
	}
	_, err := t.db.ExecContext(ctx, `INSERT INTO tickets (workspace_id, client_token) VALUES ($1, $2) ON CONFLICT (client_token) DO NOTHING`, workspaceID, token)
	return err
}

type Contact struct {
	ID    int64
	Email string
}

// ContactRepo's implementation lives in a package this one does not
// import; CreateByEmail says whether it inserted.
type ContactRepo interface {
	CreateByEmail(ctx context.Context, email string) (Contact, bool, error)
}

type Desk struct {
	tickets  *Tickets
	contacts ContactRepo
	mailer   Mailer
}

// contactFor creates the contact when missing and welcomes only the one
// it created.
func (d *Desk) contactFor(ctx context.Context, email string) (Contact, error) {
	c, inserted, err := d.contacts.CreateByEmail(ctx, email)
	if err != nil {
		return Contact{}, err
	}
	if inserted {
		_ = d.mailer.Send(ctx, email, "welcome")
	}
	return c, nil
}

// contactGreeted welcomes whatever the create said.
func (d *Desk) contactGreeted(ctx context.Context, email string) (Contact, error) {
	c, _, err := d.contacts.CreateByEmail(ctx, email)
	if err != nil {
		return Contact{}, err
	}
	_ = d.mailer.Send(ctx, email, "welcome")
	return c, nil
}

// Near miss: the contact helper welcomes only a contact its create made;
// a second submission finds the contact and sends nothing.
func (d *Desk) Submit(ctx context.Context, token, email string) error {
	if _, err := d.tickets.byToken(ctx, token); err == nil {
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	c, err := d.contactFor(ctx, email)
	if err != nil {
		return err
	}
	_, err = d.tickets.db.ExecContext(ctx, `INSERT INTO tickets (contact_id, client_token) VALUES ($1, $2) ON CONFLICT (client_token) DO NOTHING`, c.ID, token)
	return err
}

// The helper welcomes on every call: both submissions send it.
func (d *Desk) SubmitGreeted(ctx context.Context, token, email string) error {
	if _, err := d.tickets.byToken(ctx, token); err == nil { // want `check-then-act race: the existence check byToken and the conditional insert at line \d+ let two concurrent callers both reach contactGreeted`
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	c, err := d.contactGreeted(ctx, email)
	if err != nil {
		return err
	}
	_, err = d.tickets.db.ExecContext(ctx, `INSERT INTO tickets (contact_id, client_token) VALUES ($1, $2) ON CONFLICT (client_token) DO NOTHING`, c.ID, token)
	return err
}

// TokenRepo's InsertToken answers true whenever its error is nil: its
// bool says nothing about a row that was already there.
type TokenRepo interface {
	TokenExists(ctx context.Context, token string) (bool, error)
	InsertToken(ctx context.Context, token string) (bool, error)
}

var errTokenTaken = errors.New("token taken")

// Two admins creating one token both find it absent and both insert.
func CreateToken(ctx context.Context, repo TokenRepo, token string) error {
	exists, err := repo.TokenExists(ctx, token) // want `check-then-act race: the existence check TokenExists and the insert at line \d+ are separate steps`
	if err != nil {
		return err
	}
	if exists {
		return errTokenTaken
	}
	_, err = repo.InsertToken(ctx, token)
	return err
}
