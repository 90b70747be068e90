package buscheck

import (
	"context"
	"errors"

	"buscheck/bus"
	"buscheck/cmd"
	"buscheck/query"
)

const maxAttempts = 5

var errTooManyAttempts = errors.New("too many attempts")

// A sign-in code's attempts are read through the bus, tested against the
// maximum, and counted by a command named for adding one: concurrent
// guesses all read fewer than five before any increment lands, so more
// than five codes are tried.
func verifyCode(ctx context.Context, email, code string) (bool, error) {
	active := &query.GetActiveVerificationByEmail{Email: email}
	if err := bus.Dispatch(ctx, active); err != nil { // want `limit race: Attempts read here`
		return false, err
	}
	if active.Result.Attempts >= maxAttempts {
		return false, errTooManyAttempts
	}
	if err := bus.Dispatch(ctx, &cmd.IncrementVerificationAttempts{Key: active.Result.Key}); err != nil {
		return false, err
	}
	return active.Result.Code == code, nil
}

// Near miss: the command after the test sets a value; it counts nothing,
// so the test limits nothing it takes.
func noteCode(ctx context.Context, email, note string) error {
	active := &query.GetActiveVerificationByEmail{Email: email}
	if err := bus.Dispatch(ctx, active); err != nil {
		return err
	}
	if active.Result.Attempts >= maxAttempts {
		return errTooManyAttempts
	}
	return bus.Dispatch(ctx, &cmd.SetVerificationNote{Key: active.Result.Key, Note: note})
}
