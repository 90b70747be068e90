package limits

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"limits/allowance"
)

// Workspaces counts what a workspace holds and asks the plan's policy
// package whether one more fits.
type Workspaces struct{ db *sql.DB }

func (w *Workspaces) countDomains(ctx context.Context, workspaceID string) (int64, error) {
	var n int64
	err := w.db.QueryRowContext(ctx, `SELECT count(*) FROM domains WHERE workspace_id = $1`, workspaceID).Scan(&n)
	return n, err
}

// wrap keeps a policy refusal's error and nil as they are.
func wrap(code int, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%d: %w", code, err)
}

// Two additions at one below the allowance both count, both pass the
// policy and both insert.
func (w *Workspaces) AddDomain(ctx context.Context, workspaceID, domain string, allowed uint32) error {
	n, err := w.countDomains(ctx, workspaceID) // want `limit race: the count countDomains is compared with a limit by CheckDomains \(allowance.go:\d+\), whose verdict the caller tests, and the insert at line \d+ adds to what it counts`
	if err != nil {
		return err
	}
	if err := wrap(429, allowance.CheckDomains(n, allowed)); err != nil {
		return err
	}
	_, err = w.db.ExecContext(ctx, `INSERT INTO domains (workspace_id, domain) VALUES ($1, $2)`, workspaceID, domain)
	return err
}

// The same with a bool verdict.
func (w *Workspaces) AddMember(ctx context.Context, workspaceID, userID string, seats int) error {
	var members int
	if err := w.db.QueryRowContext(ctx, `SELECT count(*) FROM members WHERE workspace_id = $1`, workspaceID).Scan(&members); err != nil { // want `limit race: the count of members is compared with a limit by WithinSeats \(allowance.go:\d+\)`
		return err
	}
	if !allowance.WithinSeats(members, seats) {
		return errors.New("no seat left")
	}
	_, err := w.db.ExecContext(ctx, `INSERT INTO members (workspace_id, user_id) VALUES ($1, $2)`, workspaceID, userID)
	return err
}

// Near miss: the count goes to the policy under a lock of the workspace
// row, taken first by every addition in the same transaction.
func (w *Workspaces) AddDomainLocked(ctx context.Context, workspaceID, domain string, allowed uint32) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT id FROM workspaces WHERE id = $1 FOR UPDATE`, workspaceID); err != nil {
		return err
	}
	var n int64
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM domains WHERE workspace_id = $1`, workspaceID).Scan(&n); err != nil {
		return err
	}
	if err := allowance.CheckDomains(n, allowed); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO domains (workspace_id, domain) VALUES ($1, $2)`, workspaceID, domain); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the policy is handed the name's length, not the count; the
// count only chooses a label.
func (w *Workspaces) RenameDomain(ctx context.Context, workspaceID, domain string, maxLen int) error {
	n, err := w.countDomains(ctx, workspaceID)
	if err != nil {
		return err
	}
	if err := allowance.CheckName(domain, maxLen); err != nil {
		return err
	}
	_, err = w.db.ExecContext(ctx, `INSERT INTO domain_names (workspace_id, domain, position) VALUES ($1, $2, $3)`, workspaceID, domain, n)
	return err
}
