// Package usersdk stands for a client library required at a version (it
// is vendored here; in a module it lies in the module cache): it declares
// an interface of its client, for its users to mock, with method names
// the model knows.
package usersdk

import "context"

type User struct{ ID, Email string }

type UsersAPI interface {
	GetUser(ctx context.Context, id string) (User, error)
	CreateUser(ctx context.Context, u User) error
}
