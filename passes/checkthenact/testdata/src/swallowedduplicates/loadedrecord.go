package swallowedduplicates

import (
	"context"
	"database/sql"
	"errors"
)

var ErrDuplicatePayment = errors.New("payment exists")

type Order struct {
	ID       int64
	Customer string
	Cents    int64
}

type Payment struct {
	OrderID  int64
	ChargeID string
	Status   string
}

// PaymentStore and OrderStore are a service's repositories; the
// implementation below answers their calls.
type PaymentStore interface {
	ByOrder(ctx context.Context, orderID int64) (Payment, bool, error)
	Insert(ctx context.Context, p *Payment) error
}

type OrderStore interface {
	Get(ctx context.Context, id int64) (*Order, error)
	ByReference(ctx context.Context, ref string) (*Order, error)
}

type paymentRows struct{ db *sql.DB }

func (r *paymentRows) ByOrder(ctx context.Context, orderID int64) (Payment, bool, error) {
	var p Payment
	err := r.db.QueryRowContext(ctx, `SELECT order_id, charge_id, status FROM payments WHERE order_id = $1`, orderID).Scan(&p.OrderID, &p.ChargeID, &p.Status)
	if errors.Is(err, sql.ErrNoRows) {
		return Payment{}, false, nil
	}
	return p, err == nil, err
}

func (r *paymentRows) Insert(ctx context.Context, p *Payment) error {
	_, err := r.db.ExecContext(ctx, `INSERT INTO payments (order_id, charge_id, status) VALUES ($1, $2, $3)`, p.OrderID, p.ChargeID, p.Status)
	if isUniqueViolation(err) {
		return ErrDuplicatePayment
	}
	return err
}

type Checkout struct {
	orders   OrderStore
	payments PaymentStore
	gateway  Gateway
}

// The payment row is built from the order loaded by the key the check
// used (order.ID is orderID's row): both callers charge, and the loser's
// insert is answered with the winner's row.
func (c *Checkout) PayOrder(ctx context.Context, orderID int64) (Payment, error) {
	order, err := c.orders.Get(ctx, orderID)
	if err != nil {
		return Payment{}, err
	}
	prev, found, err := c.payments.ByOrder(ctx, orderID) // want `check-then-act race: the existence check ByOrder and the insert at line \d+ \(which answers its unique violation\) let two concurrent callers both reach Charge`
	if err != nil {
		return Payment{}, err
	}
	if found && prev.Status == "succeeded" {
		return prev, nil
	}
	chargeID, err := c.gateway.Charge(ctx, order.Customer, order.Cents)
	if err != nil {
		return Payment{}, err
	}
	p := Payment{OrderID: order.ID, ChargeID: chargeID, Status: "succeeded"}
	if err := c.payments.Insert(ctx, &p); errors.Is(err, ErrDuplicatePayment) {
		existing, _, err := c.payments.ByOrder(ctx, orderID)
		return existing, err
	} else if err != nil {
		return Payment{}, err
	}
	return p, nil
}

// The same without an answer to the duplicate: the insert races the
// check as plainly as if it used orderID itself.
func (c *Checkout) PayOrderOnce(ctx context.Context, orderID int64) error {
	order, err := c.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if _, found, err := c.payments.ByOrder(ctx, orderID); err != nil || found { // want `check-then-act race: the existence check ByOrder and the insert at line \d+ are separate steps`
		return err
	}
	chargeID, err := c.gateway.Charge(ctx, order.Customer, order.Cents)
	if err != nil {
		return err
	}
	return c.payments.Insert(ctx, &Payment{OrderID: order.ID, ChargeID: chargeID, Status: "succeeded"})
}

// Near miss: the order the payment is for is loaded by another key than
// the one checked (a gift's payment looked up by the order that bought
// it), so nothing says the check and the insert are about one row.
func (c *Checkout) PayGift(ctx context.Context, giftRef string, buyerOrder int64) error {
	gift, err := c.orders.ByReference(ctx, giftRef)
	if err != nil {
		return err
	}
	if _, found, err := c.payments.ByOrder(ctx, buyerOrder); err != nil || found {
		return err
	}
	chargeID, err := c.gateway.Charge(ctx, gift.Customer, gift.Cents)
	if err != nil {
		return err
	}
	return c.payments.Insert(ctx, &Payment{OrderID: gift.ID, ChargeID: chargeID, Status: "succeeded"})
}
