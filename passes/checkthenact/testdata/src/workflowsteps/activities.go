// Package workflowsteps holds status gates in Temporal activities. The
// workflow runs its activities one after another, waiting on each, and
// admits one running workflow per id (the order's): an activity's gate
// has no twin for its order. The same gate in an HTTP handler has twins.
package workflowsteps

import (
	"context"
	"net/http"
	"strconv"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"
	"gorm.io/gorm"
)

type Order struct {
	ID      uint
	Paid    bool
	Shipped bool
	Status  string
	Amount  int64
}

type Payments interface {
	Charge(orderID uint, amount int64) error
}

type Shipping interface {
	CreateShipment(orderID uint) error
}

// Activities is registered with the worker below: each of its exported
// methods is an activity.
type Activities struct {
	db       *gorm.DB
	payments Payments
}

// Near miss: an activity of the registered type; its workflow waits for
// it before the next step.
func (a *Activities) ChargeOrder(ctx context.Context, id uint) error {
	var o Order
	if err := a.db.First(&o, id).Error; err != nil {
		return err
	}
	if o.Paid {
		return nil
	}
	if err := a.payments.Charge(o.ID, o.Amount); err != nil {
		return err
	}
	return a.db.Model(&o).Update("paid", true).Error
}

// Near miss: a helper only activities call runs inside them.
func (a *Activities) RefundOrder(ctx context.Context, id uint) error {
	return a.chargeBack(id)
}

func (a *Activities) chargeBack(id uint) error {
	var o Order
	if err := a.db.First(&o, id).Error; err != nil {
		return err
	}
	if !o.Paid {
		return nil
	}
	if err := a.payments.Charge(o.ID, -o.Amount); err != nil {
		return err
	}
	return a.db.Model(&o).Update("paid", false).Error
}

func RegisterActivities(w worker.Worker, db *gorm.DB, p Payments) {
	w.RegisterActivity(&Activities{db: db, payments: p})
}

// Shipper's methods are not registered here, and use nothing of the
// activity package but in ShipOrder.
type Shipper struct {
	db       *gorm.DB
	shipping Shipping
}

// Near miss: the SDK's activity package works only inside an activity.
func (s *Shipper) ShipOrder(ctx context.Context, id uint) error {
	activity.GetLogger(ctx).Info("shipping", "order", id)
	var o Order
	if err := s.db.First(&o, id).Error; err != nil {
		return err
	}
	if o.Shipped {
		return nil
	}
	if err := s.shipping.CreateShipment(o.ID); err != nil {
		return err
	}
	return s.db.Model(&o).Update("shipped", true).Error
}

// The same gate, run by a request: two clicks both see Shipped false and
// both create a shipment.
func (s *Shipper) ShipNow(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.URL.Query().Get("order"))
	var o Order
	if err := s.db.First(&o, id).Error; err != nil { // want `status-gate race: Shipped read here is tested, then CreateShipment`
		return
	}
	if o.Shipped {
		return
	}
	if err := s.shipping.CreateShipment(o.ID); err != nil {
		return
	}
	s.db.Model(&o).Update("shipped", true)
}
