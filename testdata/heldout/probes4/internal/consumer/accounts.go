package consumer

import (
	"context"

	"example.com/shop4/internal/clients/queue"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/service/crm"
	"example.com/shop4/internal/service/entitlements"
	"example.com/shop4/internal/store"
)

type userChanged struct {
	UserID int64 `json:"user_id"`
}

// ContactSync mirrors profile changes into the CRM.
type ContactSync struct {
	users store.UserStore
	crm   *crm.Service
}

func NewContactSync(users store.UserStore, c *crm.Service) *ContactSync {
	return &ContactSync{users: users, crm: c}
}

func (c *ContactSync) Handle(ctx context.Context, d queue.Delivery) error {
	var ev userChanged
	if err := decode(d, &ev); err != nil {
		return d.Ack(ctx)
	}
	u, err := c.users.ByID(ctx, ev.UserID)
	if err != nil {
		return err
	}
	if err := c.crm.SyncContact(ctx, *u); err != nil {
		return err
	}
	return d.Ack(ctx)
}

type subscriptionStarted struct {
	UserID   int64    `json:"user_id"`
	Features []string `json:"features"`
}

// PlanFeatures enables the premium features of a newly started plan.
type PlanFeatures struct {
	users        store.UserStore
	entitlements *entitlements.Service
}

func NewPlanFeatures(users store.UserStore, e *entitlements.Service) *PlanFeatures {
	return &PlanFeatures{users: users, entitlements: e}
}

func (c *PlanFeatures) Handle(ctx context.Context, d queue.Delivery) error {
	var ev subscriptionStarted
	if err := decode(d, &ev); err != nil {
		return d.Ack(ctx)
	}
	u, err := c.users.ByID(ctx, ev.UserID)
	if err != nil {
		return err
	}
	if err := c.entitlements.GrantFeatures(ctx, domain.User{ID: u.ID, Email: u.Email}, ev.Features); err != nil {
		return err
	}
	return d.Ack(ctx)
}
