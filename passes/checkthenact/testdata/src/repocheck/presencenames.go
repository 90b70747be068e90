package repocheck

import (
	"context"
	"errors"

	"github.com/arangodb/go-driver"
)

// Repository interfaces whose presence tests carry their noun inside the
// name (EmailExists, IsEventProcessed) and whose markers do too
// (MarkEventProcessed): the implementation is in a package this one does
// not import, so the names are all there is to go on.

type Account struct{ Email string }

type AccountStore interface {
	EmailExists(ctx context.Context, email string) (bool, error)
	IsEmailVerified(ctx context.Context, email string) (bool, error)
	CreateAccount(ctx context.Context, a *Account) error
	CreateAccountIfNotExists(ctx context.Context, a *Account) (bool, error)
}

type Welcomer interface {
	SendWelcome(ctx context.Context, to string) error
}

// Two sign-ups with one e-mail both find it unused, both create an
// account and both are welcomed.
func signUp(ctx context.Context, s AccountStore, w Welcomer, email string) error {
	taken, err := s.EmailExists(ctx, email) // want `check-then-act race: the existence check EmailExists`
	if err != nil {
		return err
	}
	if taken {
		return errors.New("e-mail taken")
	}
	if err := s.CreateAccount(ctx, &Account{Email: email}); err != nil {
		return err
	}
	return w.SendWelcome(ctx, email)
}

// Near miss: the insert decides, in one step, and only its winner is
// welcomed.
func signUpAtomic(ctx context.Context, s AccountStore, w Welcomer, email string) error {
	taken, err := s.EmailExists(ctx, email)
	if err != nil || taken {
		return errors.New("e-mail taken")
	}
	created, err := s.CreateAccountIfNotExists(ctx, &Account{Email: email})
	if err != nil || !created {
		return err
	}
	return w.SendWelcome(ctx, email)
}

// Near miss: IsEmailVerified asks about a state, not whether a record is
// there; its name ends in no presence word.
func resendWelcome(ctx context.Context, s AccountStore, w Welcomer, email string) error {
	verified, err := s.IsEmailVerified(ctx, email)
	if err != nil || verified {
		return err
	}
	return s.CreateAccount(ctx, &Account{Email: email})
}

type WebhookStore interface {
	IsEventProcessed(ctx context.Context, id string) (bool, error)
	MarkEventProcessed(ctx context.Context, id string) error
}

type Payer interface {
	Charge(ctx context.Context, amount int64) error
}

// Two deliveries of one webhook event both find it unprocessed and both
// charge before either marks it.
func onEvent(ctx context.Context, s WebhookStore, p Payer, id string, amount int64) error {
	done, err := s.IsEventProcessed(ctx, id) // want `check-then-act race: the existence check IsEventProcessed`
	if err != nil || done {
		return err
	}
	if err := p.Charge(ctx, amount); err != nil {
		return err
	}
	return s.MarkEventProcessed(ctx, id)
}

// Near miss: a library's presence question is about its schema (a
// collection, a bucket), made sure of at start, not a row two requests
// race for.
func ensureCollection(ctx context.Context, db driver.Database, name string) error {
	exists, err := db.CollectionExists(ctx, name)
	if err != nil || exists {
		return err
	}
	_, err = db.CreateCollection(ctx, name, nil)
	return err
}
