// Package buscheck dispatches its reads and writes through a command bus.
package buscheck

import (
	"context"
	"errors"

	"buscheck/apperr"
	"buscheck/bus"
	"buscheck/cmd"
	"buscheck/query"
)

// Two sign-ins of one new e-mail both find no user and both register it.
func signIn(ctx context.Context, email string) error {
	byEmail := &query.GetUserByEmail{Email: email}
	err := bus.Dispatch(ctx, byEmail) // want `check-then-act race: the existence check GetUserByEmail`
	if err != nil {
		if apperr.Cause(err) == apperr.ErrNotFound {
			return bus.Dispatch(ctx, &cmd.RegisterUser{User: &query.User{Email: email}})
		}
		return err
	}
	return nil
}

// Near miss: the user is upserted, one step whoever runs first.
func signInUpsert(ctx context.Context, email string) error {
	byEmail := &query.GetUserByEmail{Email: email}
	err := bus.Dispatch(ctx, byEmail)
	if err != nil {
		if apperr.Cause(err) == apperr.ErrNotFound {
			return bus.Dispatch(ctx, &cmd.UpsertUser{User: &query.User{Email: email}})
		}
		return err
	}
	return nil
}

// The absent test written the other way round: everything but not-found
// returns, and the fall-through registers.
func completeProfile(ctx context.Context, email string) error {
	err := bus.Dispatch(ctx, &query.GetUserByEmail{Email: email}) // want `check-then-act race: the existence check GetUserByEmail`
	if apperr.Cause(err) != apperr.ErrNotFound {
		return errors.New("user exists")
	}
	return bus.Dispatch(ctx, &cmd.RegisterUser{User: &query.User{Email: email}})
}

// Near miss: the check is of another entity (the tenant), and the absent
// branch only logs through the bus.
func completeProfileTenant(ctx context.Context, domain, email string) error {
	err := bus.Dispatch(ctx, &query.GetTenantByDomain{Domain: domain})
	if apperr.Cause(err) != apperr.ErrNotFound {
		return errors.New("tenant exists")
	}
	if err := bus.Dispatch(ctx, &cmd.LogInfo{Message: "no tenant " + domain}); err != nil {
		return err
	}
	return bus.Dispatch(ctx, &cmd.RegisterUser{User: &query.User{Email: email}})
}

// A bus behind an interface of the application, dispatching one message.
type Dispatcher interface {
	Dispatch(ctx context.Context, msg any) error
}

// Both invitations find no user, both register it and both mail it.
func invite(ctx context.Context, d Dispatcher, email string) error {
	q := &query.GetUserByEmail{Email: email}
	if err := d.Dispatch(ctx, q); err == nil { // want `check-then-act race: the existence check GetUserByEmail`
		return nil
	}
	if err := d.Dispatch(ctx, &cmd.RegisterUser{User: &query.User{Email: email}}); err != nil {
		return err
	}
	return d.Dispatch(ctx, &cmd.SendWelcomeMail{Email: email})
}

// Near miss: the present branch mails again; the absent one fails.
func remind(ctx context.Context, d Dispatcher, email string) error {
	q := &query.GetUserByEmail{Email: email}
	if err := d.Dispatch(ctx, q); err != nil {
		return err
	}
	return d.Dispatch(ctx, &cmd.SendWelcomeMail{Email: email})
}
