// Package repo declares a repository interface whose method names the
// model knows, and calls none of them: declaring an interface models
// nothing, and the fast path skips it.
package repo // want "no SSA"

import "context"

type User struct{ ID, Email string }

type Users interface {
	GetUser(ctx context.Context, id string) (User, error)
	CreateUser(ctx context.Context, u User) error
}

// Options configures a repository.
type Options struct{ Table string }
