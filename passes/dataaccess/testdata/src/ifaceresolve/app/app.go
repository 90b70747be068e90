// Package app reaches its storage only through interfaces: the one // want package:"field writes known"
// package store declares, and one of its own (gotify's UserDatabase) that
// store's type implements.
package app

import (
	"context"

	"ifaceresolve/store"
)

// A call through an interface is a call of its only implementation.
func register(ctx context.Context, a store.Accounts, name string) error { // want register:"^insert table=\"account\""
	ok, err := a.Has(ctx, name)
	if err != nil || ok {
		return err
	}
	return a.Put(ctx, name)
}

// Near miss: the implementation's insert is conditional.
func registerOnce(ctx context.Context, a store.Accounts, name string) error { // want registerOnce:"^conditional insert table=\"account\""
	return a.PutIfMissing(ctx, name)
}

// The implementation runs on a field of its receiver: through the
// interface, that is the interface value (parameter 1).
func has(ctx context.Context, a store.Accounts, name string) (bool, error) { // want has:"^exists table=\"account\" handle=1/pool "
	return a.Has(ctx, name)
}

// A method value bound to the interface is the same call.
func hasByValue(ctx context.Context, a store.Accounts, name string) (bool, error) { // want hasByValue:"^exists table=\"account\" handle=1/pool "
	f := a.Has
	return f(ctx, name)
}

// The implementations of Keys agree on Seen but not on Store: the call of
// Store is left to the name rules, which know no Store.
func remember(ctx context.Context, k store.Keys, key string) error { // want remember:"^exists table=\"key\""
	seen, err := k.Seen(ctx, key)
	if err != nil || seen {
		return err
	}
	return k.Store(ctx, key)
}

// Near miss: Store alone, with disagreeing implementations, is nothing.
func storeKey(ctx context.Context, k store.Keys, key string) error {
	return k.Store(ctx, key)
}

// UserDatabase is declared here and implemented by *store.SQLAccounts.
type UserDatabase interface {
	Has(ctx context.Context, name string) (bool, error) // want Has:"^exists table=\"account\""
	Put(ctx context.Context, name string) error         // want Put:"^insert table=\"account\""
}

type UserAPI struct{ DB UserDatabase }

func (u *UserAPI) create(ctx context.Context, name string) error { // want create:"^insert table=\"account\""
	return u.DB.Put(ctx, name)
}

// Near miss: an interface of another module is not resolved.
func closeIt(c interface{ Close() error }) error { return c.Close() }
