package statusgate

import "context"

type ChargeDoc struct {
	ID         string
	CustomerID string
	Amount     int64
	Paid       bool
}

// Charges marks the state a charge document moves to by a method named for it.
type Charges interface {
	GetChargeDoc(ctx context.Context, id string) (ChargeDoc, error)
	MarkPaid(ctx context.Context, id string) error
	MarkCustomerBilled(ctx context.Context, customerID string) error
}

type Biller struct {
	charges Charges
	ledger  Ledger
}

// MarkPaid writes the state the gate tested, on the document the key
// picks: two webhooks both see Paid false and both credit.
func (b *Biller) OnChargePaid(ctx context.Context, id string) error {
	doc, err := b.charges.GetChargeDoc(ctx, id) // want `status-gate race: Paid read here is tested, then Credit`
	if err != nil {
		return err
	}
	if doc.Paid {
		return nil
	}
	if err := b.ledger.Credit(ctx, doc.CustomerID, doc.Amount); err != nil {
		return err
	}
	return b.charges.MarkPaid(ctx, doc.ID)
}

// Near miss: the write names another entity, the customer; the document's
// state is never written, so the test gates nothing this code changes.
func (b *Biller) OnChargeSeen(ctx context.Context, id string) error {
	doc, err := b.charges.GetChargeDoc(ctx, id)
	if err != nil {
		return err
	}
	if doc.Paid {
		return nil
	}
	if err := b.ledger.Credit(ctx, doc.CustomerID, doc.Amount); err != nil {
		return err
	}
	return b.charges.MarkCustomerBilled(ctx, doc.CustomerID)
}
