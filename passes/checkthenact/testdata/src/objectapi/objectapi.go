// Package objectapi reaches an object store whose Create is keyed by the
// object's name and answers "already exists" to the second writer (the
// Kubernetes API, a gRPC service). Get then Create races; it stays a bug
// when the loser fails, and is safe when the loser treats the existing
// object as its own outcome.
package objectapi

import (
	"context"
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

type Namespace struct{ Name string }

// NamespaceInterface has the shape of client-go's typed clients.
type NamespaceInterface interface {
	Get(ctx context.Context, name string) (*Namespace, error)
	Create(ctx context.Context, ns *Namespace) (*Namespace, error)
}

// Two workflows starting at once both get NotFound and both create the
// namespace; the loser's AlreadyExists fails its step.
func ensureNamespace(ctx context.Context, c NamespaceInterface, name string) error {
	_, err := c.Get(ctx, name) // want `check-then-act race: the existence check Get`
	if apierrors.IsNotFound(err) {
		_, err = c.Create(ctx, &Namespace{Name: name})
	}
	return err
}

// Near miss: the loser's AlreadyExists is the namespace the winner made.
func ensureNamespaceTolerant(ctx context.Context, c NamespaceInterface, name string) error {
	_, err := c.Get(ctx, name)
	if apierrors.IsNotFound(err) {
		if _, err = c.Create(ctx, &Namespace{Name: name}); apierrors.IsAlreadyExists(err) {
			err = nil
		}
	}
	return err
}

// Near miss: AlreadyExists is told apart from other failures (no event
// for it), as a StatefulSet controller does for its claims.
func ensureClaims(ctx context.Context, c NamespaceInterface, names []string, record func(error)) []error {
	var errs []error
	for _, name := range names {
		_, err := c.Get(ctx, name)
		if apierrors.IsNotFound(err) {
			_, err := c.Create(ctx, &Namespace{Name: name})
			if err != nil {
				errs = append(errs, err)
			}
			if err == nil || !apierrors.IsAlreadyExists(err) {
				record(err)
			}
		}
	}
	return errs
}

// Still a race: the write's error is tested for a conflict on update, not
// for an existing object.
func ensureNamespaceConflict(ctx context.Context, c NamespaceInterface, name string) error {
	_, err := c.Get(ctx, name) // want `check-then-act race: the existence check Get`
	if apierrors.IsNotFound(err) {
		if _, err = c.Create(ctx, &Namespace{Name: name}); apierrors.IsConflict(err) {
			err = nil
		}
	}
	return err
}

type Account struct{ ID string }

// Accounts is a gRPC service's client.
type Accounts interface {
	GetAccount(ctx context.Context, id string) (*Account, error)
	CreateAccount(ctx context.Context, a *Account) error
}

func openAccount(ctx context.Context, a Accounts, id string) error {
	_, err := a.GetAccount(ctx, id) // want `check-then-act race: the existence check GetAccount`
	if status.Code(err) != codes.NotFound {
		return err
	}
	err = a.CreateAccount(ctx, &Account{ID: id})
	if status.Code(err) == codes.Unavailable {
		return nil
	}
	return err
}

// Near miss: the server's AlreadyExists is the account the winner opened.
func openAccountTolerant(ctx context.Context, a Accounts, id string) error {
	_, err := a.GetAccount(ctx, id)
	if status.Code(err) != codes.NotFound {
		return err
	}
	err = a.CreateAccount(ctx, &Account{ID: id})
	if status.Code(err) == codes.AlreadyExists {
		return nil
	}
	return err
}

// ErrAlreadyExists is what the store returns when its own lookup finds
// the account before inserting.
var ErrAlreadyExists = errors.New("already exists")

// Still a race: a store's own "already exists" may come from a check of
// its own, which two callers pass together (hatchet's invites), so
// comparing the insert's error with it proves nothing.
func openAccountSentinel(ctx context.Context, a Accounts, id string) error {
	_, err := a.GetAccount(ctx, id) // want `check-then-act race: the existence check GetAccount`
	if status.Code(err) != codes.NotFound {
		return err
	}
	if err := a.CreateAccount(ctx, &Account{ID: id}); err != nil && !errors.Is(err, ErrAlreadyExists) {
		return err
	}
	return nil
}
