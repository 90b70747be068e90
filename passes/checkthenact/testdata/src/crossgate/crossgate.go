// Package crossgate tests an order's state and saves it through helpers
// of package shop: whether the save moves the state is known only from
// what shop's helpers assign on the way.
package crossgate

import (
	"crossgate/shop"

	"gorm.io/gorm"
)

// Payments charges a customer.
type Payments interface {
	Charge(account string, amount int64) error
}

// Orders saves orders behind an interface: what its implementation
// assigns is not known.
type Orders interface {
	SaveOrder(o *shop.Order) error
}

// Two callbacks both see the order unpaid, both charge, and both run
// MarkPaid, which assigns the state in the other package.
func payOrder(db *gorm.DB, pay Payments, id uint) error {
	var o shop.Order
	if err := db.First(&o, id).Error; err != nil { // want `status-gate race: State read here is tested, then Charge at line \d+ and the state write at line \d+ are separate steps`
		return err
	}
	if o.State == "paid" {
		return nil
	}
	if err := pay.Charge("acct", o.Amount); err != nil {
		return err
	}
	return shop.MarkPaid(db, &o)
}

// Near miss: the same gate, the same charge and a helper of the same
// shape, which assigns only LastSeen: the save writes back the state both
// callers read, no transition (a charge per request, as designed).
func chargeAgain(db *gorm.DB, pay Payments, id uint, now int64) error {
	var o shop.Order
	if err := db.First(&o, id).Error; err != nil {
		return err
	}
	if o.State != "paid" {
		return nil
	}
	if err := pay.Charge("acct", o.Amount); err != nil {
		return err
	}
	return shop.Touch(db, &o, now)
}

// The state is assigned two calls down in shop, by a method of the order.
func settleOrder(db *gorm.DB, pay Payments, id uint) error {
	var o shop.Order
	if err := db.First(&o, id).Error; err != nil { // want `status-gate race: State read here is tested, then Charge at line \d+ and the state write at line \d+ are separate steps`
		return err
	}
	if o.State != "open" {
		return nil
	}
	if err := pay.Charge("acct", o.Amount); err != nil {
		return err
	}
	return shop.Settle(db, &o)
}

// Near miss: the helper shares Settle's save but assigns only the note.
func annotateOrder(db *gorm.DB, pay Payments, id uint) error {
	var o shop.Order
	if err := db.First(&o, id).Error; err != nil {
		return err
	}
	if o.State != "open" {
		return nil
	}
	if err := pay.Charge("acct", o.Amount); err != nil {
		return err
	}
	return shop.Annotate(db, &o, "charged")
}

// A whole order copied in assigns every field, the state too.
func replaceOrder(db *gorm.DB, pay Payments, id uint, fresh shop.Order) error {
	var o shop.Order
	if err := db.First(&o, id).Error; err != nil { // want `status-gate race: State read here is tested`
		return err
	}
	if o.State != "open" {
		return nil
	}
	if err := pay.Charge("acct", o.Amount); err != nil {
		return err
	}
	return shop.Replace(db, &o, fresh)
}

// The helper sets the state by SQL after saving the record.
func closeOrder(db *gorm.DB, pay Payments, id uint) error {
	var o shop.Order
	if err := db.First(&o, id).Error; err != nil { // want `status-gate race: State read here is tested`
		return err
	}
	if o.State != "open" {
		return nil
	}
	if err := pay.Charge("acct", o.Amount); err != nil {
		return err
	}
	return shop.Close(db, &o)
}

// A method helper: the receiver shifts the order's index.
func cancelOrder(db *gorm.DB, store *shop.Store, pay Payments, id uint) error {
	var o shop.Order
	if err := db.First(&o, id).Error; err != nil { // want `status-gate race: State read here is tested`
		return err
	}
	if o.State != "open" {
		return nil
	}
	if err := pay.Charge("acct", o.Amount); err != nil {
		return err
	}
	return store.Cancel(&o)
}

// Near miss: the method helper assigns only LastSeen.
func rememberOrder(db *gorm.DB, store *shop.Store, pay Payments, id uint, now int64) error {
	var o shop.Order
	if err := db.First(&o, id).Error; err != nil {
		return err
	}
	if o.State != "open" {
		return nil
	}
	if err := pay.Charge("acct", o.Amount); err != nil {
		return err
	}
	return store.Remember(&o, now)
}
