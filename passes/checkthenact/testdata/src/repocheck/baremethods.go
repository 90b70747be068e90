package repocheck

import (
	"context"
	"errors"
)

// A store whose methods name no entity at all: Exists and Add, on an
// interface that holds one kind of row.

type Subscriber struct {
	List  string
	Email string
	Token string
}

type SubscriberStore interface {
	Exists(ctx context.Context, list, email string) (bool, error)
	Add(ctx context.Context, s *Subscriber) error
}

// Sampler collects measurements; its Add keeps one in memory.
type Sampler interface {
	Add(ctx context.Context, s *Subscriber) error
	Flush(ctx context.Context) error
}

type OptInMailer interface {
	SendOptIn(ctx context.Context, to, token string) error
}

// Two subscribe requests both find the address missing, both add it and
// both mail the opt-in.
func subscribe(ctx context.Context, store SubscriberStore, mail OptInMailer, list, email, token string) error {
	exists, err := store.Exists(ctx, list, email) // want `check-then-act race: the existence check Exists and the insert`
	if err != nil {
		return err
	}
	if exists {
		return nil
	}
	if err := store.Add(ctx, &Subscriber{List: list, Email: email, Token: token}); err != nil {
		return err
	}
	return mail.SendOptIn(ctx, email, token)
}

var errListed = errors.New("already listed")

// Near miss: what follows the check is a sampler's Add, on an interface
// that looks nothing up: no row is inserted.
func sample(ctx context.Context, store SubscriberStore, s Sampler, list, email string) error {
	exists, err := store.Exists(ctx, list, email)
	if err != nil {
		return err
	}
	if exists {
		return errListed
	}
	return s.Add(ctx, &Subscriber{List: list, Email: email})
}
