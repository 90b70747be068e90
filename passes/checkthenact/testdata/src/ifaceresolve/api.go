// Package ifaceresolve calls its storage through an interface it declares
// itself, implemented by *db.Store in a package it imports (gotify's
// UserAPI.DB): the calls are the implementation's.
package ifaceresolve

import (
	"context"

	"ifaceresolve/db"
)

type UserDatabase interface {
	HasUser(ctx context.Context, name string) (bool, error)
	AddUser(ctx context.Context, name string) error
	AddUserOnce(ctx context.Context, name string) error
}

var _ UserDatabase = (*db.Store)(nil)

type UserAPI struct{ DB UserDatabase }

func (a *UserAPI) create(ctx context.Context, name string) error {
	exists, err := a.DB.HasUser(ctx, name) // want `check-then-act race: the existence check HasUser`
	if err != nil {
		return err
	}
	if !exists {
		return a.DB.AddUser(ctx, name)
	}
	return nil
}

// Near miss: the implementation's insert is ON CONFLICT DO NOTHING.
func (a *UserAPI) createOnce(ctx context.Context, name string) error {
	exists, err := a.DB.HasUser(ctx, name)
	if err != nil {
		return err
	}
	if !exists {
		return a.DB.AddUserOnce(ctx, name)
	}
	return nil
}

// A method value bound to the interface is the same check.
func (a *UserAPI) createByValue(ctx context.Context, name string) error {
	has := a.DB.HasUser
	exists, err := has(ctx, name) // want `check-then-act race: the existence check HasUser`
	if err != nil || exists {
		return err
	}
	return a.DB.AddUser(ctx, name)
}

// Near miss: the implementations of Tokens disagree on Put (one is an
// upsert), so the call falls back to the name rules, which know no Put.
func remember(ctx context.Context, t db.Tokens, token string) error {
	known, err := t.Known(ctx, token)
	if err != nil || known {
		return err
	}
	return t.Put(ctx, token)
}
