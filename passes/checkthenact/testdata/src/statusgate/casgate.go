package statusgate

import (
	"context"
	"errors"
)

type Payout struct {
	ID     int64
	Status string
	Amount int64
}

// PayoutStore is known only by its interface; its implementation lives
// in a package this one does not import.
type PayoutStore interface {
	GetPayout(ctx context.Context, id int64) (*Payout, error)
	Transition(ctx context.Context, id int64, from, to string) (bool, error)
	Relabel(ctx context.Context, id int64, oldLabel, newLabel string) error
	MarkPayoutSent(ctx context.Context, id int64) error
}

type Bank interface {
	Transfer(ctx context.Context, amount int64) error
}

var errNotRetryable = errors.New("payout is not retryable")

type Payouts struct {
	store PayoutStore
	bank  Bank
}

// Near miss: the store moves the payout from failed to retrying and says
// whether it did; only the caller that moved it transfers.
func (p *Payouts) Retry(ctx context.Context, id int64) error {
	po, err := p.store.GetPayout(ctx, id)
	if err != nil {
		return err
	}
	if po.Status != "failed" {
		return errNotRetryable
	}
	moved, err := p.store.Transition(ctx, po.ID, "failed", "retrying")
	if err != nil {
		return err
	}
	if !moved {
		return errNotRetryable
	}
	if err := p.bank.Transfer(ctx, po.Amount); err != nil {
		return err
	}
	return p.store.MarkPayoutSent(ctx, po.ID)
}

// The relabel before the transfer takes an old and a new value too, but
// says nothing of who changed it: both retries transfer.
func (p *Payouts) RetryRelabelled(ctx context.Context, id int64) error {
	po, err := p.store.GetPayout(ctx, id) // want `status-gate race: Status read here is tested, then Transfer`
	if err != nil {
		return err
	}
	if po.Status != "failed" {
		return errNotRetryable
	}
	if err := p.store.Relabel(ctx, po.ID, "failed", "retrying"); err != nil {
		return err
	}
	if err := p.bank.Transfer(ctx, po.Amount); err != nil {
		return err
	}
	return p.store.MarkPayoutSent(ctx, po.ID)
}

// The guarded transition comes after the transfer: it refuses the second
// retry only once both have transferred.
func (p *Payouts) RetryThenMove(ctx context.Context, id int64) error {
	po, err := p.store.GetPayout(ctx, id) // want `status-gate race: Status read here is tested, then Transfer`
	if err != nil {
		return err
	}
	if po.Status != "failed" {
		return errNotRetryable
	}
	if err := p.bank.Transfer(ctx, po.Amount); err != nil {
		return err
	}
	moved, err := p.store.Transition(ctx, po.ID, "failed", "sent")
	if err != nil {
		return err
	}
	if !moved {
		return errNotRetryable
	}
	return nil
}

type Delivery struct {
	ID       int64
	PayoutID int64
	Amount   int64
}

type DeliveryStore interface {
	GetDelivery(ctx context.Context, id int64) (*Delivery, error)
}

// Near miss: the payout is the one a delivery row names; deliveries of
// one payout run at once and each transfers its own amount, and the
// guarded move after them picks who records the payout sent. The gate on
// the payout is shared by callers whose transfers are their own.
func (p *Payouts) Deliver(ctx context.Context, deliveries DeliveryStore, deliveryID int64) error {
	d, err := deliveries.GetDelivery(ctx, deliveryID)
	if err != nil {
		return err
	}
	po, err := p.store.GetPayout(ctx, d.PayoutID)
	if err != nil {
		return err
	}
	if po.Status != "failed" {
		return errNotRetryable
	}
	if err := p.bank.Transfer(ctx, d.Amount); err != nil {
		return err
	}
	_, err = p.store.Transition(ctx, po.ID, "failed", "sent")
	return err
}
