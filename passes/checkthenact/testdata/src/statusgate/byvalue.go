package statusgate

import (
	"context"
	"errors"
	"fmt"
)

type Refund struct {
	ID          int64
	OrderID     int64
	Amount      int64
	Status      string
	ProviderRef string
}

type RefundStore interface {
	Load(ctx context.Context, id int64) (Refund, bool, error)
	Store(ctx context.Context, rf *Refund) error
}

type RefundGateway interface {
	Refund(ctx context.Context, orderID, amount int64) (string, error)
}

type RefundDesk struct {
	refunds RefundStore
	gateway RefundGateway
}

// The helper takes the record by value, refunds, and saves its copy with
// the new status: two approvals both see "requested" and both refund.
func (d *RefundDesk) ApproveRefund(ctx context.Context, id int64) error {
	rf, ok, err := d.refunds.Load(ctx, id) // want `status-gate race: Status read here is tested, then execute`
	if err != nil || !ok {
		return errors.Join(err, errors.New("no such refund"))
	}
	if rf.Status != "requested" {
		return nil
	}
	return d.execute(ctx, rf)
}

func (d *RefundDesk) execute(ctx context.Context, rf Refund) error {
	ref, err := d.gateway.Refund(ctx, rf.OrderID, rf.Amount)
	if err != nil {
		return fmt.Errorf("refund %d: %w", rf.ID, err)
	}
	rf.ProviderRef = ref
	rf.Status = "done"
	return d.refunds.Store(ctx, &rf)
}

// Near miss: the helper saves a new row of its own (a reversal), not the
// refund it was handed; nothing writes the refund's state.
func (d *RefundDesk) ReverseRefund(ctx context.Context, id int64) error {
	rf, ok, err := d.refunds.Load(ctx, id)
	if err != nil || !ok {
		return errors.Join(err, errors.New("no such refund"))
	}
	if rf.Status != "done" {
		return nil
	}
	return d.reverse(ctx, rf)
}

func (d *RefundDesk) reverse(ctx context.Context, rf Refund) error {
	reversal := Refund{OrderID: rf.OrderID, Amount: -rf.Amount, Status: "reversal"}
	return d.refunds.Store(ctx, &reversal)
}

// Near miss: the copy saved keeps the state it was read with; the test
// is a precondition of the annotation, not a transition.
func (d *RefundDesk) AnnotateRefund(ctx context.Context, id int64) error {
	rf, ok, err := d.refunds.Load(ctx, id)
	if err != nil || !ok {
		return errors.Join(err, errors.New("no such refund"))
	}
	if rf.Status != "requested" {
		return nil
	}
	return d.annotate(ctx, rf)
}

func (d *RefundDesk) annotate(ctx context.Context, rf Refund) error {
	ref, err := d.gateway.Refund(ctx, rf.OrderID, 0)
	if err != nil {
		return err
	}
	rf.ProviderRef = ref
	return d.refunds.Store(ctx, &rf)
}
