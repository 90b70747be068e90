// Package ent mimics ent-generated code for a User entity.
package ent

import (
	"context"

	_ "entgo.io/ent"
)

type Client struct{ User *UserClient }

type Tx struct{ User *UserClient }

func (c *Client) Tx(ctx context.Context) (*Tx, error) { return nil, nil }
func (tx *Tx) Commit() error                          { return nil }

type UserClient struct{}

func (c *UserClient) Query() *UserQuery   { return nil }
func (c *UserClient) Create() *UserCreate { return nil }

type UserQuery struct{}

func (q *UserQuery) Where(ps ...func()) *UserQuery           { return q }
func (q *UserQuery) Exist(ctx context.Context) (bool, error) { return false, nil }

type UserCreate struct{}

func (c *UserCreate) SetEmail(s string) *UserCreate           { return c }
func (c *UserCreate) Save(ctx context.Context) (*User, error) { return nil, nil }
func (c *UserCreate) OnConflict() *UserUpsertOne              { return nil }

type UserUpsertOne struct{}

func (u *UserUpsertOne) Ignore() *UserUpsertOne         { return u }
func (u *UserUpsertOne) Exec(ctx context.Context) error { return nil }

type User struct{ Email string }

type Order struct{}
type OrderClient struct{}
