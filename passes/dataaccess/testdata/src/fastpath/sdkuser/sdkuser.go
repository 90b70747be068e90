// Package sdkuser calls through the interface a third-party client
// library declares (as aws-sdk-go's s3iface.S3API): the names are the
// library's, not a repository of this module, and no fact can say what
// the implementations do, so the fast path skips it (near miss of
// repouser, whose interface is the module's own).
package sdkuser // want "no SSA"

import (
	"context"

	"example.com/usersdk"
)

func SignUp(ctx context.Context, users usersdk.UsersAPI, u usersdk.User) error {
	if _, err := users.GetUser(ctx, u.ID); err == nil {
		return nil
	}
	return users.CreateUser(ctx, u)
}
