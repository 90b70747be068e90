// Package repouser calls through the repository interface of its import:
// the call is classified by the method's name, so the model builds the
// SSA.
package repouser // want "SSA built"

import (
	"context"

	"fastpath/repo"
)

func SignUp(ctx context.Context, users repo.Users, u repo.User) error {
	if _, err := users.GetUser(ctx, u.ID); err == nil {
		return nil
	}
	return users.CreateUser(ctx, u)
}
