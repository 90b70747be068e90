package dupsentinel

import (
	"context"
	"errors"
	"fmt"

	"github.com/lib/pq"
)

// APIError is a service's error type: a code and a message, with an Error
// method, and sentinels declared as pointers to it rather than as error.
type APIError struct {
	Code    int
	Message string
}

func (e *APIError) Error() string { return e.Message }

// ErrCodeTaken is the referral code store's answer to a unique violation.
var ErrCodeTaken = &APIError{Code: 409, Message: "code taken"}

type Codes struct{ orders *Orders }

func (c *Codes) Get(ctx context.Context, user int64) (string, error) {
	var code string
	err := c.orders.db.QueryRowContext(ctx, `SELECT code FROM referral_codes WHERE user_id = $1`, user).Scan(&code)
	return code, err
}

// Insert hands the clash on as ErrCodeTaken, wrapped with context.
func (c *Codes) Insert(ctx context.Context, user int64, code string) error {
	_, err := c.orders.db.ExecContext(ctx, `INSERT INTO referral_codes (user_id, code) VALUES ($1, $2)`, user, code)
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code.Name() == "unique_violation" {
		return fmt.Errorf("code for %d: %w", user, ErrCodeTaken)
	}
	return err
}

// The sentinel is a *APIError, not an error variable; nothing tests it.
func (c *Codes) GetOrCreate(ctx context.Context, user int64, fresh string) (string, error) {
	code, err := c.Get(ctx, user) // want `check-then-act race: the existence check Get .* ErrCodeTaken, which no caller tests`
	if err == nil {
		return code, nil
	}
	if err := c.Insert(ctx, user, fresh); err != nil {
		return "", err
	}
	return fresh, nil
}

// Near miss: the same, with the caller answering the sentinel by reading
// the winner's code.
func (c *Codes) GetOrCreateTested(ctx context.Context, user int64, fresh string) (string, error) {
	code, err := c.Get(ctx, user)
	if err == nil {
		return code, nil
	}
	if err := c.Insert(ctx, user, fresh); err != nil {
		if errors.Is(err, ErrCodeTaken) {
			return c.Get(ctx, user)
		}
		return "", err
	}
	return fresh, nil
}
