package statusgate

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
)

// Pre-checks: the state is tested, then read again under a lock and
// tested again before the act. Only the second test is the gate.

// Near miss: the pre-check is repeated on a row locked in the
// transaction (FOR UPDATE) before the ledger is written.
func captureTwoPhase(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status == "captured" {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		return err
	}
	if status == "captured" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger (payment_id) VALUES ($1)`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// The row is locked, but its state is not tested again: both callers
// passed the first test and both write the ledger, one after the other.
func captureLockedNotRetested(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then the insert of ledger`
		return err
	}
	if status == "captured" {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var amount int64
	if err := tx.QueryRowContext(ctx, `SELECT amount FROM payments WHERE id = $1 FOR UPDATE`, id).Scan(&amount); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger (payment_id, amount) VALUES ($1, $2)`, id, amount); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// RecoveryCode is a one-time code as its repository returns it.
type RecoveryCode struct {
	ID   string
	User string
	Used bool
}

type Codes interface {
	GetCode(ctx context.Context, id string) (*RecoveryCode, error)
	UpdateCode(ctx context.Context, c *RecoveryCode) error
}

// Locker is a distributed lock (redis, a lock table).
type Locker interface {
	AcquireLock(ctx context.Context, key string) (release func(), err error)
}

type Redeemer struct {
	codes  Codes
	locker Locker
}

var errUsed = errors.New("code already used")

func notifyRedeemed(user string) {
	http.Post("https://hooks.example/redeemed", "text/plain", strings.NewReader(user))
}

// Near miss: the lock a helper takes, then the state read again and
// tested again before the act: a double-checked gate.
func (r *Redeemer) Redeem(ctx context.Context, id string) error {
	c, err := r.codes.GetCode(ctx, id)
	if err != nil {
		return err
	}
	if c.Used {
		return errUsed
	}
	release, err := r.locker.AcquireLock(ctx, "code:"+id)
	if err != nil {
		return err
	}
	defer release()
	c, err = r.codes.GetCode(ctx, id)
	if err != nil {
		return err
	}
	if c.Used {
		return errUsed
	}
	notifyRedeemed(c.User)
	c.Used = true
	return r.codes.UpdateCode(ctx, c)
}

// The lock is taken, but the state it guards was read before it: both
// callers saw the code unused.
func (r *Redeemer) RedeemStale(ctx context.Context, id string) error {
	c, err := r.codes.GetCode(ctx, id) // want `status-gate race: Used read here is tested, then notifyRedeemed`
	if err != nil {
		return err
	}
	if c.Used {
		return errUsed
	}
	release, err := r.locker.AcquireLock(ctx, "code:"+id)
	if err != nil {
		return err
	}
	defer release()
	notifyRedeemed(c.User)
	c.Used = true
	return r.codes.UpdateCode(ctx, c)
}

// The state is read and tested again, but under no lock: the second
// test races like the first.
func (r *Redeemer) RedeemRereadUnlocked(ctx context.Context, id string) error {
	c, err := r.codes.GetCode(ctx, id)
	if err != nil {
		return err
	}
	if c.Used {
		return errUsed
	}
	c, err = r.codes.GetCode(ctx, id) // want `status-gate race: Used read here is tested, then notifyRedeemed`
	if err != nil {
		return err
	}
	if c.Used {
		return errUsed
	}
	notifyRedeemed(c.User)
	c.Used = true
	return r.codes.UpdateCode(ctx, c)
}
