// Package billing invoices merchants, collects invoice payments and keeps
// the merchant's credit line.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
)

type Service struct {
	Invoices repo.Invoices
	Numbers  repo.InvoiceNumbers
	Credit   repo.Credit
	Provider effects.Payments
	Mailer   effects.Mailer
	Log      *slog.Logger
}

// IssueMonthly issues the merchant's invoice for the period.
func (s *Service) IssueMonthly(ctx context.Context, merchantID int64, period string, amount int64) (domain.Invoice, error) {
	number, err := s.Numbers.NextNumber(ctx, merchantID)
	if err != nil {
		return domain.Invoice{}, fmt.Errorf("issue invoice: %w", err)
	}
	inv := domain.Invoice{MerchantID: merchantID, Number: number, Period: period, AmountCents: amount}
	if err := s.Numbers.Issue(ctx, &inv); err != nil {
		return domain.Invoice{}, fmt.Errorf("issue invoice for merchant %d period %s: %w", merchantID, period, err)
	}
	return inv, nil
}

// CreditLateDelivery issues the SLA credit note for a late delivery.
func (s *Service) CreditLateDelivery(ctx context.Context, invoiceID, amount int64) error {
	err := s.Numbers.IssueCreditNote(ctx, invoiceID, amount, "late delivery SLA")
	if errors.Is(err, domain.ErrDuplicateInvoice) {
		s.Log.InfoContext(ctx, "credit note already issued", "invoice", invoiceID)
		return nil
	}
	if err != nil {
		return fmt.Errorf("credit late delivery: %w", err)
	}
	return nil
}

// PayInvoice charges the merchant's card for an open invoice ("Pay now").
func (s *Service) PayInvoice(ctx context.Context, invoiceID int64, customerRef string) error {
	inv, err := s.Invoices.Get(ctx, invoiceID)
	if err != nil {
		return fmt.Errorf("pay invoice: %w", err)
	}
	if inv.Status != domain.InvoiceOpen {
		return fmt.Errorf("invoice %d is %s: %w", inv.ID, inv.Status, domain.ErrInvalidState)
	}
	ref, err := s.collect(ctx, inv, customerRef, "")
	if err != nil {
		return fmt.Errorf("pay invoice: %w", err)
	}
	return s.Invoices.SetPaid(ctx, inv.ID, ref)
}

// AutoCollect is the dunning job's charge of an open invoice.
func (s *Service) AutoCollect(ctx context.Context, invoiceID int64, customerRef string) error {
	started, err := s.Invoices.StartPayment(ctx, invoiceID)
	if err != nil {
		return fmt.Errorf("auto collect: %w", err)
	}
	if !started {
		return nil
	}
	inv, err := s.Invoices.Get(ctx, invoiceID)
	if err != nil {
		return fmt.Errorf("auto collect: %w", err)
	}
	ref, err := s.collect(ctx, inv, customerRef, fmt.Sprintf("invoice-%d", inv.ID))
	if err != nil {
		return fmt.Errorf("auto collect: %w", err)
	}
	return s.Invoices.SetPaid(ctx, inv.ID, ref)
}

func (s *Service) collect(ctx context.Context, inv domain.Invoice, customerRef, key string) (string, error) {
	return s.Provider.Charge(ctx, effects.ChargeRequest{
		CustomerRef:    customerRef,
		AmountCents:    inv.AmountCents,
		Currency:       "EUR",
		Description:    "Invoice " + inv.Number,
		IdempotencyKey: key,
	})
}

// ReserveCredit takes part of the merchant's credit line for a shipment
// billed on account.
func (s *Service) ReserveCredit(ctx context.Context, merchantID, amount int64) error {
	c, err := s.Credit.Get(ctx, merchantID)
	if err != nil {
		return fmt.Errorf("reserve credit: %w", err)
	}
	if c.UsedCents+amount > c.LimitCents {
		return domain.ErrQuotaExceeded
	}
	if err := s.Credit.SetUsed(ctx, merchantID, c.UsedCents+amount); err != nil {
		return fmt.Errorf("reserve credit: %w", err)
	}
	return nil
}

// ReserveCreditForBooking does the same for dock bookings.
func (s *Service) ReserveCreditForBooking(ctx context.Context, merchantID, amount int64) error {
	for attempt := 0; attempt < 5; attempt++ {
		cur, err := s.Credit.Get(ctx, merchantID)
		if err != nil {
			return fmt.Errorf("reserve credit: %w", err)
		}
		if cur.UsedCents+amount > cur.LimitCents {
			return domain.ErrQuotaExceeded
		}
		ok, err := s.Credit.SetUsedIfVersion(ctx, merchantID, cur.UsedCents+amount, cur.Version)
		if err != nil {
			return fmt.Errorf("reserve credit: %w", err)
		}
		if ok {
			return nil
		}
	}
	return fmt.Errorf("reserve credit: %w", domain.ErrStaleVersion)
}
