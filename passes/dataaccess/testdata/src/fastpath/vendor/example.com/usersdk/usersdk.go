// Package usersdk stands for a client library required at a version (it
// is vendored here; in a module it lies in the module cache): it declares
// the interface of its client, one method per operation of the service,
// for its users to mock (aws-sdk-go's *iface packages), with method names
// the model knows among them.
package usersdk

import "context"

type User struct{ ID, Email string }

type UsersAPI interface {
	GetUser(ctx context.Context, id string) (User, error)
	CreateUser(ctx context.Context, u User) error
	ListUsers(ctx context.Context, id string) error
	UpdateUser(ctx context.Context, id string) error
	DeleteUser(ctx context.Context, id string) error
	GetGroup(ctx context.Context, id string) error
	ListGroups(ctx context.Context, id string) error
	CreateGroup(ctx context.Context, id string) error
	UpdateGroup(ctx context.Context, id string) error
	DeleteGroup(ctx context.Context, id string) error
	AddUserToGroup(ctx context.Context, id string) error
	RemoveUserFromGroup(ctx context.Context, id string) error
	ListGroupsForUser(ctx context.Context, id string) error
	GetRole(ctx context.Context, id string) error
	ListRoles(ctx context.Context, id string) error
	CreateRole(ctx context.Context, id string) error
	UpdateRole(ctx context.Context, id string) error
	DeleteRole(ctx context.Context, id string) error
	AttachRolePolicy(ctx context.Context, id string) error
	DetachRolePolicy(ctx context.Context, id string) error
	GetPolicy(ctx context.Context, id string) error
	ListPolicies(ctx context.Context, id string) error
	CreatePolicy(ctx context.Context, id string) error
	DeletePolicy(ctx context.Context, id string) error
	GetAccessKey(ctx context.Context, id string) error
	ListAccessKeys(ctx context.Context, id string) error
	CreateAccessKey(ctx context.Context, id string) error
	DeleteAccessKey(ctx context.Context, id string) error
	TagUser(ctx context.Context, id string) error
	UntagUser(ctx context.Context, id string) error
	ListUserTags(ctx context.Context, id string) error
	GetAccountSummary(ctx context.Context, id string) error
}
