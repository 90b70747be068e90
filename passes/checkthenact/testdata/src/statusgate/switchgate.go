package statusgate

import (
	"context"
	"errors"
)

type ShopOrder struct {
	ID       int64
	Status   string
	ChargeID string
}

type ShopOrders interface {
	GetShopOrder(ctx context.Context, id int64) (*ShopOrder, error)
	SaveShopOrder(ctx context.Context, o *ShopOrder) error
}

type Refunder interface {
	Refund(ctx context.Context, chargeID string) error
}

var errNotCancellable = errors.New("order cannot be cancelled")

type Cancellations struct {
	orders  ShopOrders
	gateway Refunder
}

// A paid order is refunded in its arm of the switch and saved after the
// arms join: two cancels both see it paid and both refund.
func (c *Cancellations) Cancel(ctx context.Context, id int64) error {
	o, err := c.orders.GetShopOrder(ctx, id) // want `status-gate race: Status read here is tested, then Refund`
	if err != nil {
		return err
	}
	switch o.Status {
	case "pending":
		o.Status = "cancelled"
	case "paid":
		if err := c.gateway.Refund(ctx, o.ChargeID); err != nil {
			return err
		}
		o.Status = "refunded"
	default:
		return errNotCancellable
	}
	return c.orders.SaveShopOrder(ctx, o)
}

// Near miss: a paid order is only marked for refund, which a single
// worker makes later; the cancel itself acts on nothing.
func (c *Cancellations) CancelLater(ctx context.Context, id int64) error {
	o, err := c.orders.GetShopOrder(ctx, id)
	if err != nil {
		return err
	}
	switch o.Status {
	case "pending":
		o.Status = "cancelled"
	case "paid":
		o.Status = "refund_requested"
	default:
		return errNotCancellable
	}
	return c.orders.SaveShopOrder(ctx, o)
}
