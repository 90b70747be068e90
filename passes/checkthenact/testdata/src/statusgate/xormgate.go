package statusgate

import (
	"errors"

	"xorm.io/xorm"
)

// A payments service on xorm, whose Get fills the record and says
// whether it was found: helpers load the bill, save it, and record a
// transaction.

type Ormer struct{ Engine *xorm.Engine }

var ormer *Ormer

type Bill struct {
	Owner string
	Name  string
	State string
	Price float64
	User  string
}

type Transaction struct {
	Name   string
	Amount float64
	User   string
}

func getBill(owner, name string) (*Bill, error) {
	b := Bill{Owner: owner, Name: name}
	existed, err := ormer.Engine.Get(&b)
	if err != nil {
		return nil, err
	}
	if existed {
		return &b, nil
	}
	return nil, nil
}

type Provider struct {
	Owner string
	Name  string
	Kind  string
}

type Shipment struct {
	Name  string
	State string
}

// loadBill is the webhook's own loader: the bill, checked, and its
// provider; it reads two tables and returns the bill.
func loadBill(owner, name string) (*Bill, error) {
	b, err := getBill(owner, name)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, errors.New("no such bill")
	}
	p := Provider{Owner: owner, Name: b.User}
	if has, err := ormer.Engine.Get(&p); err != nil || !has {
		return nil, errors.New("no provider")
	}
	return b, nil
}

// updateBill looks the bill up, then saves it: an update for its callers.
func updateBill(b *Bill) (bool, error) {
	if old, err := getBill(b.Owner, b.Name); err != nil || old == nil {
		return false, err
	}
	affected, err := ormer.Engine.ID(b.Name).AllCols().Update(b)
	return affected != 0, err
}

func updateShipment(o *Shipment) error {
	_, err := ormer.Engine.ID(o.Name).AllCols().Update(o)
	return err
}

func updateBillFrom(b *Bill, old string) (bool, error) {
	affected, err := ormer.Engine.ID(b.Name).Where("state = ?", old).Update(b)
	return affected != 0, err
}

func addTransaction(t *Transaction) (bool, error) {
	affected, err := ormer.Engine.Insert(t)
	return affected != 0, err
}

func isFinal(state string) bool { return state == "Paid" || state == "Error" }

// Two deliveries of the payment webhook both see the bill open, both save
// it paid and both record the purchase.
func NotifyBill(owner, name string) error {
	b, err := loadBill(owner, name) // want `status-gate race: State read here is tested, then addTransaction`
	if err != nil {
		return err
	}
	if isFinal(b.State) {
		return nil
	}
	b.State = "Paid"
	if _, err := updateBill(b); err != nil {
		return err
	}
	// Setting the shipment paid twice is harmless; recording the purchase
	// twice is the harm, and the message names it.
	if err := updateShipment(&Shipment{Name: b.Name, State: "Paid"}); err != nil {
		return err
	}
	_, err = addTransaction(&Transaction{Amount: b.Price, User: b.User})
	return err
}

// Near miss: the state write is conditional on the state read, and only
// the caller whose update changed the row records the purchase.
func NotifyBillGuarded(owner, name string) error {
	b, err := loadBill(owner, name)
	if err != nil {
		return err
	}
	if isFinal(b.State) {
		return nil
	}
	old := b.State
	b.State = "Paid"
	if changed, err := updateBillFrom(b, old); err != nil || !changed {
		return err
	}
	_, err = addTransaction(&Transaction{Amount: b.Price, User: b.User})
	return err
}
