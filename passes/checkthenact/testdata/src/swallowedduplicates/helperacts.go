package swallowedduplicates

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
)

var ErrMemberExists = errors.New("member exists")

type Members struct{ db *sql.DB }

func (m *Members) createTeam(ctx context.Context, name string) (int64, error) {
	var id int64
	err := m.db.QueryRowContext(ctx, `INSERT INTO teams (name) VALUES ($1) RETURNING id`, name).Scan(&id)
	return id, err
}

func (m *Members) insertMember(ctx context.Context, email string, teamID int64) error {
	_, err := m.db.ExecContext(ctx, `INSERT INTO members (email, team_id) VALUES ($1, $2)`, email, teamID)
	if err != nil && strings.Contains(err.Error(), "23505") {
		return ErrMemberExists
	}
	return err
}

// register makes the member's own team, committed at once, and then the
// member, unique on its e-mail.
func (m *Members) register(ctx context.Context, email string) error {
	teamID, err := m.createTeam(ctx, email+"'s team")
	if err != nil {
		return err
	}
	return m.insertMember(ctx, email, teamID)
}

// registerInTx makes both in one transaction: a failed member insert
// rolls the team back.
func (m *Members) registerInTx(ctx context.Context, email string) error {
	tx, err := m.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var teamID int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO teams (name) VALUES ($1) RETURNING id`, email+"'s team").Scan(&teamID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO members (email, team_id) VALUES ($1, $2)`, email, teamID); err != nil {
		if strings.Contains(err.Error(), "23505") {
			return ErrMemberExists
		}
		return err
	}
	return tx.Commit()
}

// A double sign-up is answered as done, but the loser's team was made
// before its member insert lost: a team with no member.
func (m *Members) SignUp(ctx context.Context, email string) error {
	if err := m.register(ctx, email); errors.Is(err, ErrMemberExists) { // want `effect before the insert: register runs createTeam before its insert, whose unique violation this code answers`
		return nil
	} else if err != nil {
		return err
	}
	return nil
}

// Near miss: the team and the member commit together; the loser's team
// rolls back with its member.
func (m *Members) SignUpInTx(ctx context.Context, email string) error {
	if err := m.registerInTx(ctx, email); errors.Is(err, ErrMemberExists) {
		return nil
	} else if err != nil {
		return err
	}
	return nil
}

// getCurrentKey fetches the current signing key from the key service;
// asking twice changes nothing.
func getCurrentKey(ctx context.Context) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://keys.example/current", nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Key-Id"), nil
}

// registerSigned looks the signing key up, then inserts the member.
func (m *Members) registerSigned(ctx context.Context, email string) error {
	key, err := getCurrentKey(ctx)
	if err != nil {
		return err
	}
	return m.insertMember(ctx, email+key[:0], 0)
}

// Near miss: what the helper does before its insert is a lookup, which a
// retry repeats harmlessly.
func (m *Members) SignUpSigned(ctx context.Context, email string) error {
	if err := m.registerSigned(ctx, email); errors.Is(err, ErrMemberExists) {
		return nil
	} else if err != nil {
		return err
	}
	return nil
}
