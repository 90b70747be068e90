// Package ent mimics ent-generated code for invitations and memberships.
package ent

import (
	"context"

	_ "entgo.io/ent"

	"entgates/ent/predicate"
)

type Client struct {
	Invitation *InvitationClient
	Membership *MembershipClient
}

type Tx struct {
	Invitation *InvitationClient
	Membership *MembershipClient
}

func (c *Client) Tx(ctx context.Context) (*Tx, error) { return nil, nil }
func (tx *Tx) Commit() error                          { return nil }
func (tx *Tx) Rollback() error                        { return nil }

type Invitation struct {
	ID      int
	GroupID int
	Uses    int
}

type InvitationClient struct{}

func (c *InvitationClient) Query() *InvitationQuery   { return nil }
func (c *InvitationClient) Update() *InvitationUpdate { return nil }

type InvitationQuery struct{}

func (q *InvitationQuery) Where(ps ...predicate.Invitation) *InvitationQuery { return q }
func (q *InvitationQuery) Only(ctx context.Context) (*Invitation, error)     { return nil, nil }

type InvitationUpdate struct{}

func (u *InvitationUpdate) Where(ps ...predicate.Invitation) *InvitationUpdate { return u }
func (u *InvitationUpdate) AddUses(n int) *InvitationUpdate                    { return u }
func (u *InvitationUpdate) Save(ctx context.Context) (int, error)              { return 0, nil }

type Membership struct{ ID int }

type MembershipClient struct{}

func (c *MembershipClient) Create() *MembershipCreate { return nil }

type MembershipCreate struct{}

func (c *MembershipCreate) SetUserID(id int) *MembershipCreate            { return c }
func (c *MembershipCreate) SetGroupID(id int) *MembershipCreate           { return c }
func (c *MembershipCreate) Save(ctx context.Context) (*Membership, error) { return nil, nil }
