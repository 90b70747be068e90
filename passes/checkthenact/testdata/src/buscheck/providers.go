package buscheck

import (
	"context"

	"buscheck/apperr"
	"buscheck/bus"
	"buscheck/cmd"
	"buscheck/query"
)

// An OAuth callback finds the user by e-mail, registers a missing user,
// and adds the provider a found user lacks. Two callbacks of one existing
// user with a new provider both find it missing and both add it: a race
// apart from the missing user's, named at the question.
func oauthCallback(ctx context.Context, provider, email string) error {
	byEmail := &query.GetUserByEmail{Email: email}
	err := bus.Dispatch(ctx, byEmail) // want `check-then-act race: the existence check GetUserByEmail`
	if err != nil {
		if apperr.Cause(err) == apperr.ErrNotFound {
			return bus.Dispatch(ctx, &cmd.RegisterUser{User: &query.User{Email: email}})
		}
		return err
	}
	if !byEmail.Result.HasProvider(provider) { // want `check-then-act race: the record read at line \d+ is asked HasProvider here, and the insert at line \d+ adds what it lacks`
		return bus.Dispatch(ctx, &cmd.RegisterUserProvider{UserID: byEmail.Result.ID, Provider: provider})
	}
	return nil
}

// The user is found by provider or by e-mail, the variable merging both
// reads: the question is asked of either, reported once.
func linkProvider(ctx context.Context, provider, uid, email string, byMail bool) error {
	var user *query.User
	if byMail {
		byEmail := &query.GetUserByEmail{Email: email}
		if err := bus.Dispatch(ctx, byEmail); err != nil { // want `check-then-act race: the record read here is asked HasProvider at line \d+`
			return err
		}
		user = byEmail.Result
	} else {
		byProvider := &query.GetUserByProvider{Provider: provider, UID: uid}
		if err := bus.Dispatch(ctx, byProvider); err != nil {
			return err
		}
		user = byProvider.Result
	}
	if !user.HasProvider(provider) {
		return bus.Dispatch(ctx, &cmd.RegisterUserProvider{UserID: user.ID, Provider: provider})
	}
	return nil
}

// Near miss: the branch where the provider is missing only logs.
func oauthCallbackLogs(ctx context.Context, provider, uid string) error {
	byProvider := &query.GetUserByProvider{Provider: provider, UID: uid}
	if err := bus.Dispatch(ctx, byProvider); err != nil {
		return err
	}
	if !byProvider.Result.HasProvider(provider) {
		return bus.Dispatch(ctx, &cmd.LogInfo{Message: "provider missing"})
	}
	return nil
}
