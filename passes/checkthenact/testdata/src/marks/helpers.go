package marks

import (
	"context"
	"database/sql"
	"errors"
)

type OTPSecret struct {
	ID                int64
	Secret            string
	LastValidatedStep int64
}

type Account struct {
	ID     int64
	Secret *OTPSecret
}

type Accounts struct{ db *sql.DB }

func (a *Accounts) Get(ctx context.Context, id int64) (*Account, error) {
	acct := &Account{Secret: &OTPSecret{}}
	err := a.db.QueryRowContext(ctx, `SELECT a.id, s.id, s.secret, s.last_validated_step FROM accounts a JOIN otp_secrets s ON s.account_id = a.id WHERE a.id = $1`, id).
		Scan(&acct.ID, &acct.Secret.ID, &acct.Secret.Secret, &acct.Secret.LastValidatedStep)
	return acct, err
}

// UpdateSecret writes the secret's row back as it is.
func (a *Accounts) UpdateSecret(ctx context.Context, s *OTPSecret) error {
	_, err := a.db.ExecContext(ctx, `UPDATE otp_secrets SET secret = $2, last_validated_step = $3 WHERE id = $1`, s.ID, s.Secret, s.LastValidatedStep)
	return err
}

// ConsumeStep stores the step only over an older one.
func (a *Accounts) ConsumeStep(ctx context.Context, s *OTPSecret, step int64) error {
	res, err := a.db.ExecContext(ctx, `UPDATE otp_secrets SET last_validated_step = $2 WHERE id = $1 AND last_validated_step < $2`, s.ID, step)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errReplay
	}
	return nil
}

// validateCode returns the step the code matches, refusing one at or
// below the last one accepted.
func validateCode(code string, s *OTPSecret) (int64, error) {
	step := int64(len(code))
	if step <= s.LastValidatedStep {
		return 0, errReplay
	}
	return step, nil
}

type Logins struct{ accounts *Accounts }

// The comparison sits in a validator handed the record: two logins with
// one code both pass it and both store the same step.
func (l *Logins) SecondFactor(ctx context.Context, accountID int64, code string) error {
	acct, err := l.accounts.Get(ctx, accountID) // want `mark race: LastValidatedStep read here is compared with the value the request brings by validateCode at line \d+`
	if err != nil {
		return err
	}
	step, err := validateCode(code, acct.Secret)
	if err != nil {
		return err
	}
	acct.Secret.LastValidatedStep = step
	return l.accounts.UpdateSecret(ctx, acct.Secret)
}

// Near miss: the step is stored by a write that tests the old one.
func (l *Logins) SecondFactorConsumed(ctx context.Context, accountID int64, code string) error {
	acct, err := l.accounts.Get(ctx, accountID)
	if err != nil {
		return err
	}
	step, err := validateCode(code, acct.Secret)
	if err != nil {
		return err
	}
	if err := l.accounts.ConsumeStep(ctx, acct.Secret, step); err != nil {
		return errors.New("code already used")
	}
	return nil
}
