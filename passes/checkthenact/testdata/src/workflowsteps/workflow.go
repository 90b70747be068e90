package workflowsteps

import (
	"context"
	"time"

	"go.temporal.io/sdk/workflow"
)

// Near miss: an activity function the workflow below schedules.
func SettleOrder(ctx context.Context, db Store, p Payments, id uint) error {
	o, err := db.GetOrder(ctx, id)
	if err != nil {
		return err
	}
	if o.Status == "paid" {
		return nil
	}
	if err := p.Charge(o.ID, o.Amount); err != nil {
		return err
	}
	return db.UpdateStatus(ctx, o.ID, "paid")
}

// The same function, not scheduled by any workflow: called from
// anywhere, twice at once.
func SettleNow(ctx context.Context, db Store, p Payments, id uint) error {
	o, err := db.GetOrder(ctx, id) // want `status-gate race: Status read here is tested, then Charge`
	if err != nil {
		return err
	}
	if o.Status == "paid" {
		return nil
	}
	if err := p.Charge(o.ID, o.Amount); err != nil {
		return err
	}
	return db.UpdateStatus(ctx, o.ID, "paid")
}

type Store interface {
	GetOrder(ctx context.Context, id uint) (*Order, error)
	UpdateStatus(ctx context.Context, id uint, status string) error
}

func OrderWorkflow(ctx workflow.Context, id uint) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteActivity(ctx, SettleOrder, id).Get(ctx, nil)
}
