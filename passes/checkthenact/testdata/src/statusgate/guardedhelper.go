package statusgate

import (
	"context"
	"database/sql"
	"errors"
)

// An invitation accepted by a helper that writes two rows in one
// transaction and commits only when its guarded update changed a row:
// of two accepts, the second gets an error and sends nothing.

type FamilyInvite struct {
	ID       int64
	AdminID  int64
	MemberID int64
	Status   string
}

type Families struct {
	db     *sql.DB
	notify func(ctx context.Context, adminID, memberID int64)
}

var errNotOneRow = errors.New("exactly one row should be updated")

func (f *Families) invite(ctx context.Context, token string) (FamilyInvite, error) {
	var in FamilyInvite
	err := f.db.QueryRowContext(ctx, `SELECT invite_id, admin_id, member_id, status FROM families WHERE token = $1`, token).Scan(&in.ID, &in.AdminID, &in.MemberID, &in.Status)
	return in, err
}

func (f *Families) accept(ctx context.Context, in FamilyInvite) error {
	tx, err := f.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE families SET status = 'ACCEPTED' WHERE invite_id = $1`, in.ID); err != nil {
		tx.Rollback()
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE users SET family_admin_id = $1 WHERE user_id = $2 AND family_admin_id IS NULL`, in.AdminID, in.MemberID)
	if err != nil {
		tx.Rollback()
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		tx.Rollback()
		return errNotOneRow
	}
	return tx.Commit()
}

func (f *Families) acceptBlind(ctx context.Context, in FamilyInvite) error {
	tx, err := f.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE families SET status = 'ACCEPTED' WHERE invite_id = $1`, in.ID); err != nil {
		tx.Rollback()
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET family_admin_id = $1 WHERE user_id = $2`, in.AdminID, in.MemberID); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Near miss: only the accept whose guarded update changed a row commits,
// and only it notifies.
func (f *Families) Accept(ctx context.Context, token string) error {
	in, err := f.invite(ctx, token)
	if err != nil {
		return err
	}
	if in.Status == "INVITED" {
		if err := f.accept(ctx, in); err != nil {
			return err
		}
		f.notify(ctx, in.AdminID, in.MemberID)
	}
	return nil
}

// The same with a helper that commits whoever calls it: two accepts both
// read INVITED, both commit and both notify.
func (f *Families) AcceptBlind(ctx context.Context, token string) error {
	in, err := f.invite(ctx, token) // want `status-gate race: Status read here is tested`
	if err != nil {
		return err
	}
	if in.Status == "INVITED" {
		if err := f.acceptBlind(ctx, in); err != nil {
			return err
		}
		f.notify(ctx, in.AdminID, in.MemberID)
	}
	return nil
}
