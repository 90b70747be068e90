package repocheck

import (
	"context"
	"errors"
)

// The errors a repository maps its unique violations to, and one it
// returns when a lookup finds nothing.
var (
	ErrDuplicateEmail = errors.New("a user with this e-mail exists")
	ErrUserNotFound   = errors.New("no such user")
	ErrUserExists     = errors.New("user exists")
)

type User struct{ Email string }

type Users interface {
	FindUserByEmail(ctx context.Context, email string) (*User, error)
	CreateUser(ctx context.Context, email string) error
}

// Near miss: the loser of the race gets the store's duplicate error from
// CreateUser and answers it as a taken e-mail, as the check would have.
func registerHandlesTaken(ctx context.Context, users Users, email string) error {
	if _, err := users.FindUserByEmail(ctx, email); err == nil {
		return ErrUserExists
	} else if !errors.Is(err, ErrUserNotFound) {
		return err
	}
	err := users.CreateUser(ctx, email)
	if errors.Is(err, ErrDuplicateEmail) {
		return ErrUserExists
	}
	return err
}

// The same answer written as a comparison.
func registerComparesTaken(ctx context.Context, users Users, email string) error {
	if _, err := users.FindUserByEmail(ctx, email); err == nil {
		return ErrUserExists
	}
	if err := users.CreateUser(ctx, email); err != nil {
		if err == ErrDuplicateEmail {
			return ErrUserExists
		}
		return err
	}
	return nil
}

// The create's error is compared only with the not-found error: a
// duplicate from the loser's insert is returned as a failure.
func registerComparesOther(ctx context.Context, users Users, email string) error {
	if _, err := users.FindUserByEmail(ctx, email); err == nil { // want `check-then-act race: the existence check FindUserByEmail`
		return ErrUserExists
	}
	err := users.CreateUser(ctx, email)
	if errors.Is(err, ErrUserNotFound) {
		return nil
	}
	return err
}

// The check's error, not the create's, is compared with the duplicate
// error: nothing answers the loser's unique violation.
func registerComparesCheck(ctx context.Context, users Users, email string) error {
	_, findErr := users.FindUserByEmail(ctx, email) // want `check-then-act race: the existence check FindUserByEmail`
	if findErr == nil {
		return ErrUserExists
	}
	if errors.Is(findErr, ErrDuplicateEmail) {
		return findErr
	}
	if err := users.CreateUser(ctx, email); err != nil {
		return err
	}
	if errors.Is(findErr, ErrDuplicateEmail) {
		return ErrUserExists
	}
	return nil
}
