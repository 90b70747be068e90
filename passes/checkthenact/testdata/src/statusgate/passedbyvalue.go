package statusgate

import (
	"context"
	"time"
)

// A controller loads the invoice and hands it to the service by value;
// the service tests its status, charges, and two helpers later saves its
// copy with the new status.
type PayableInvoice struct {
	ID     int64
	Status string
	Note   string
	Amount int64
	PaidAt *time.Time
}

type PayableInvoices interface {
	Get(ctx context.Context, id int64) (PayableInvoice, error)
	Save(ctx context.Context, inv PayableInvoice) error
}

type InvoiceCharger interface {
	Charge(ctx context.Context, amount int64) (string, error)
}

type InvoiceBilling struct {
	Invoices PayableInvoices
	Charger  InvoiceCharger
}

func (s *InvoiceBilling) PayInvoice(ctx context.Context, inv PayableInvoice) error {
	if inv.Status != "open" {
		return nil
	}
	if _, err := s.Charger.Charge(ctx, inv.Amount); err != nil {
		return err
	}
	return s.settle(ctx, inv)
}

func (s *InvoiceBilling) settle(ctx context.Context, inv PayableInvoice) error {
	return s.markPaid(ctx, inv)
}

func (s *InvoiceBilling) markPaid(ctx context.Context, inv PayableInvoice) error {
	now := time.Now()
	inv.Status = "paid"
	inv.PaidAt = &now
	return s.Invoices.Save(ctx, inv)
}

// Two requests both load the open invoice and both are charged.
func (s *InvoiceBilling) HandlePay(ctx context.Context, id int64) error {
	inv, err := s.Invoices.Get(ctx, id) // want `status-gate race: Status read here is passed to PayInvoice and tested there, then Charge at line \d+ and the state write at line \d+ are separate steps`
	if err != nil {
		return err
	}
	return s.PayInvoice(ctx, inv)
}

// Near miss: the helpers save the copy with a note, the status as it
// was: nothing moves the invoice on, so this is no transition (and the
// charge is a finding of no gate).
func (s *InvoiceBilling) Remind(ctx context.Context, inv PayableInvoice) error {
	if inv.Status != "open" {
		return nil
	}
	if _, err := s.Charger.Charge(ctx, 0); err != nil {
		return err
	}
	return s.annotate(ctx, inv)
}

func (s *InvoiceBilling) annotate(ctx context.Context, inv PayableInvoice) error {
	return s.noteReminded(ctx, inv)
}

func (s *InvoiceBilling) noteReminded(ctx context.Context, inv PayableInvoice) error {
	inv.Note = "reminded"
	return s.Invoices.Save(ctx, inv)
}

func (s *InvoiceBilling) HandleRemind(ctx context.Context, id int64) error {
	inv, err := s.Invoices.Get(ctx, id)
	if err != nil {
		return err
	}
	return s.Remind(ctx, inv)
}
