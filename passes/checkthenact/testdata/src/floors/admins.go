package floors

import (
	"context"
	"database/sql"
	"errors"
)

// An organisation keeps at least one admin. The guard is a helper that
// counts and refuses with an error; the caller demotes after it.

var errLastAdmin = errors.New("cannot demote the last admin")

type Orgs struct {
	DB *sql.DB
}

func guardLastAdmin(ctx context.Context, tx *sql.Tx, orgID string) error {
	var admins int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM org_members WHERE org_id = $1 AND role = 'admin'`, orgID).Scan(&admins); err != nil {
		return err
	}
	if admins < 2 {
		return errLastAdmin
	}
	return nil
}

// Two admins demoting each other both see two admins and both demote.
func (o *Orgs) Demote(ctx context.Context, orgID, userID string) error {
	tx, err := o.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := guardLastAdmin(ctx, tx, orgID); err != nil { // want `floor race: the count of org_members is compared with its floor inside guardLastAdmin \(admins.go:\d+\), whose error the caller tests, and the update at line \d+ removes one of what it counts in a separate step`
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE org_members SET role = 'member' WHERE org_id = $1 AND user_id = $2`, orgID, userID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: SERIALIZABLE makes the count and the demotion one step; the
// second commit fails instead of leaving no admin.
func (o *Orgs) DemoteSerializable(ctx context.Context, orgID, userID string) error {
	tx, err := o.DB.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := guardLastAdmin(ctx, tx, orgID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE org_members SET role = 'member' WHERE org_id = $1 AND user_id = $2`, orgID, userID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: what runs after the guard writes another table.
func (o *Orgs) AuditDemotion(ctx context.Context, orgID, userID string) error {
	tx, err := o.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := guardLastAdmin(ctx, tx, orgID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO audit_log (org_id, what) VALUES ($1, $2)`, orgID, "demotion requested for "+userID); err != nil {
		return err
	}
	return tx.Commit()
}
