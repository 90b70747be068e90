package limits

import (
	"context"
	"database/sql"
	"errors"
)

type Invitations struct{ db *sql.DB }

var errUsedUp = errors.New("invitation used up")

// decrement takes one use, only while one is left.
func (s *Invitations) decrement(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, `UPDATE invitations SET uses = uses - 1 WHERE id = $1 AND uses > 0`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errUsedUp
	}
	return nil
}

// Two sign-ups with an invitation that has one use left both read it,
// both create their user, and only then does the guarded decrement
// refuse the second: its user exists already.
func (s *Invitations) SignUp(ctx context.Context, invitationID int64, email string) error {
	var uses int
	if err := s.db.QueryRowContext(ctx, `SELECT uses FROM invitations WHERE id = $1`, invitationID).Scan(&uses); err != nil { // want `limit race: a quantity read here is compared at line \d+, and the insert of users at line \d+ runs before the take at line \d+, which tests the quantity itself`
		return err
	}
	if uses <= 0 {
		return errUsedUp
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email); err != nil {
		return err
	}
	return s.decrement(ctx, invitationID)
}

// Near miss: the use is taken first, and the user is created only by
// the caller whose take changed the row.
func (s *Invitations) SignUpTakingFirst(ctx context.Context, invitationID int64, email string) error {
	var uses int
	if err := s.db.QueryRowContext(ctx, `SELECT uses FROM invitations WHERE id = $1`, invitationID).Scan(&uses); err != nil {
		return err
	}
	if uses <= 0 {
		return errUsedUp
	}
	if err := s.decrement(ctx, invitationID); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email)
	return err
}

// Near miss: the user is created in the transaction of the guarded take,
// which rolls back with it when the take refuses.
func (s *Invitations) SignUpInOneTx(ctx context.Context, invitationID int64, email string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var uses int
	if err := tx.QueryRowContext(ctx, `SELECT uses FROM invitations WHERE id = $1`, invitationID).Scan(&uses); err != nil {
		return err
	}
	if uses <= 0 {
		return errUsedUp
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE invitations SET uses = uses - 1 WHERE id = $1 AND uses > 0`, invitationID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errUsedUp
	}
	return tx.Commit()
}
