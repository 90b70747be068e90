// Package billing collects invoices: a service the handlers hand the
// invoice to, which charges it and records the new state.
package billing

import (
	"context"
	"errors"

	"requestrecords/middleware"
)

type Gateway interface {
	Charge(ctx context.Context, cents int64) (string, error)
}

type InvoiceStore interface {
	MarkPaid(ctx context.Context, id int64, chargeID string) error
	// SetStatusIf moves the invoice from one state to another and
	// reports whether it did.
	SetStatusIf(ctx context.Context, id int64, from, to string) (bool, error)
}

var ErrNotOpen = errors.New("invoice is not open")

type Service struct {
	Invoices InvoiceStore
	Gateway  Gateway
}

// Collect charges the invoice and marks it paid.
func (s *Service) Collect(ctx context.Context, inv middleware.Invoice) error {
	chargeID, err := s.Gateway.Charge(ctx, inv.Cents)
	if err != nil {
		return err
	}
	return s.Invoices.MarkPaid(ctx, inv.ID, chargeID)
}

// CollectOnce moves the invoice to paying first; only the caller whose
// move changed the row charges.
func (s *Service) CollectOnce(ctx context.Context, inv middleware.Invoice) error {
	moved, err := s.Invoices.SetStatusIf(ctx, inv.ID, "open", "paying")
	if err != nil {
		return err
	}
	if !moved {
		return ErrNotOpen
	}
	chargeID, err := s.Gateway.Charge(ctx, inv.Cents)
	if err != nil {
		return err
	}
	return s.Invoices.MarkPaid(ctx, inv.ID, chargeID)
}

// Settle tests the state of the invoice its caller hands in, charges it
// in one helper and marks it paid in another.
func (s *Service) Settle(ctx context.Context, inv middleware.Invoice) error {
	if inv.Status != "open" {
		return ErrNotOpen
	}
	chargeID, err := s.charge(ctx, inv)
	if err != nil {
		return err
	}
	return s.markPaid(ctx, inv.ID, chargeID)
}

func (s *Service) charge(ctx context.Context, inv middleware.Invoice) (string, error) {
	if inv.Cents == 0 {
		return "", nil
	}
	return s.Gateway.Charge(ctx, inv.Cents)
}

func (s *Service) markPaid(ctx context.Context, id int64, chargeID string) error {
	return s.Invoices.MarkPaid(ctx, id, chargeID)
}

// SettleOnce moves the invoice from open before its helpers charge it.
func (s *Service) SettleOnce(ctx context.Context, inv middleware.Invoice) error {
	moved, err := s.Invoices.SetStatusIf(ctx, inv.ID, "open", "paying")
	if err != nil || !moved {
		return err
	}
	chargeID, err := s.charge(ctx, inv)
	if err != nil {
		return err
	}
	return s.markPaid(ctx, inv.ID, chargeID)
}
