package statusgate

import (
	"context"
	"database/sql"
	"slices"
)

// PaymentState is a state with predicates of its own.
type PaymentState string

// IsTerminal reports whether no transition leaves the state.
func (s PaymentState) IsTerminal() bool { return s == "captured" || s == "failed" }

type Invoice struct {
	ID      string
	Account string
	Amount  int64
	State   PaymentState
}

// IsSettled reports whether the invoice was paid.
func (i *Invoice) IsSettled() bool { return i.State == "captured" }

// IsZero reports whether the invoice was not found.
func (i *Invoice) IsZero() bool { return i.ID == "" }

type Invoices interface {
	GetInvoice(ctx context.Context, id string) (*Invoice, error)
	UpdateInvoice(ctx context.Context, inv *Invoice) error
}

// terminal reports whether a payment's status is final.
func terminal(status string) bool { return status == "captured" || status == "failed" }

var doneStates = []string{"captured", "refunded"}

type Billing struct {
	payments Payments
	invoices Invoices
	ledger   Ledger
	blocked  func(ctx context.Context, account string) bool
	db       *sql.DB
}

// The double-credit webhook, the state tested by a predicate function.
func (b *Billing) OnCaptured(ctx context.Context, id string) error {
	p, err := b.payments.GetPayment(ctx, id) // want `status-gate race: Status read here is tested, then Credit`
	if err != nil {
		return err
	}
	if terminal(p.Status) {
		return nil
	}
	if err := b.ledger.Credit(ctx, p.Account, p.Amount); err != nil {
		return err
	}
	return b.payments.UpdateStatus(ctx, p.ID, "captured")
}

// The state tested by membership in a list of final states.
func (b *Billing) OnRefunded(ctx context.Context, id string) error {
	p, err := b.payments.GetPayment(ctx, id) // want `status-gate race: Status read here is tested, then Credit`
	if err != nil {
		return err
	}
	if !slices.Contains(doneStates, p.Status) {
		if err := b.ledger.Credit(ctx, p.Account, -p.Amount); err != nil {
			return err
		}
		return b.payments.UpdateStatus(ctx, p.ID, "refunded")
	}
	return nil
}

// The state tested by a method of its own type, the new state written by
// saving the record.
func (b *Billing) OnInvoicePaid(ctx context.Context, id string) error {
	inv, err := b.invoices.GetInvoice(ctx, id) // want `status-gate race: State read here is tested, then Credit`
	if err != nil {
		return err
	}
	if inv.State.IsTerminal() {
		return nil
	}
	if err := b.ledger.Credit(ctx, inv.Account, inv.Amount); err != nil {
		return err
	}
	inv.State = "captured"
	return b.invoices.UpdateInvoice(ctx, inv)
}

// The state tested by a method of the record.
func (b *Billing) OnInvoiceSettled(ctx context.Context, id string) error {
	inv, err := b.invoices.GetInvoice(ctx, id) // want `status-gate race: its state read here is tested, then Credit`
	if err != nil {
		return err
	}
	if inv.IsSettled() {
		return nil
	}
	if err := b.ledger.Credit(ctx, inv.Account, inv.Amount); err != nil {
		return err
	}
	inv.State = "captured"
	return b.invoices.UpdateInvoice(ctx, inv)
}

// Near miss: a method that says whether the record was found tests its
// existence, not its state.
func (b *Billing) OnInvoiceSeen(ctx context.Context, id string) error {
	inv, err := b.invoices.GetInvoice(ctx, id)
	if err != nil {
		return err
	}
	if inv.IsZero() {
		return nil
	}
	if err := b.ledger.Credit(ctx, inv.Account, 0); err != nil {
		return err
	}
	return b.invoices.UpdateInvoice(ctx, inv)
}

// Near miss: a field handed to a lookup (it takes a context: it asks
// something else, not the state) is not a test of the record's state.
func (b *Billing) OnCapturedUnblocked(ctx context.Context, id string) error {
	p, err := b.payments.GetPayment(ctx, id)
	if err != nil {
		return err
	}
	if b.blocked(ctx, p.Account) || blockedAccount(ctx, p.Account) {
		return nil
	}
	if err := b.ledger.Credit(ctx, p.Account, p.Amount); err != nil {
		return err
	}
	return b.payments.UpdateStatus(ctx, p.ID, "captured")
}

func blockedAccount(ctx context.Context, account string) bool {
	return ctx.Value(account) != nil
}

// Near miss: the record is written only on the path that gives up, and
// the credit runs only on the other: no one path both acts and moves the
// state.
func (b *Billing) OnCapturedOrFail(ctx context.Context, id string) error {
	p, err := b.payments.GetPayment(ctx, id)
	if err != nil {
		return err
	}
	if terminal(p.Status) {
		return nil
	}
	if p.Account == "" {
		return b.payments.UpdateStatus(ctx, p.ID, "failed")
	}
	return b.ledger.Credit(ctx, p.Account, p.Amount)
}

// The credit and the state write inside one helper the gated branch
// calls: two deliveries both pass the test and both credit.
func (b *Billing) OnCapturedThroughHelper(ctx context.Context, id string) error {
	p, err := b.payments.GetPayment(ctx, id) // want `status-gate race: Status read here is tested, then capture at line \d+ acts and writes the state in separate steps`
	if err != nil {
		return err
	}
	if terminal(p.Status) {
		return nil
	}
	return b.capture(ctx, p)
}

func (b *Billing) capture(ctx context.Context, p *Payment) error {
	if err := b.ledger.Credit(ctx, p.Account, p.Amount); err != nil {
		return err
	}
	_, err := b.db.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, p.ID)
	return err
}

// Near miss: the helper only writes the state; nothing in it acts.
func (b *Billing) OnCapturedSaveOnly(ctx context.Context, id string) error {
	p, err := b.payments.GetPayment(ctx, id)
	if err != nil {
		return err
	}
	if terminal(p.Status) {
		return nil
	}
	return b.markCaptured(ctx, p)
}

func (b *Billing) markCaptured(ctx context.Context, p *Payment) error {
	_, err := b.db.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, p.ID)
	return err
}
