package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/gormstore"
)

// PayResult is returned to the billing page.
type PayResult struct {
	Invoice       gormstore.Invoice
	ChargedCents  int64
	CreditApplied int64
	ReceiptSentTo string
}

// PayInvoice is the "Pay now" button on an open or failed invoice: it
// applies prepaid credit, charges the card on file for the rest and marks
// the invoice paid.
func (s *Service) PayInvoice(ctx context.Context, actor domain.Actor, invoiceID int64) (PayResult, error) {
	if !actor.IsAdmin() {
		return PayResult{}, domain.ErrForbidden
	}
	inv, err := s.Invoices.Get(ctx, actor.WorkspaceID, invoiceID)
	if err != nil {
		return PayResult{}, err
	}
	switch inv.Status {
	case "open", "failed":
	case "paid":
		return PayResult{}, fmt.Errorf("invoice %s already paid: %w", inv.Number, domain.ErrConflict)
	default:
		return PayResult{}, fmt.Errorf("invoice %s is %s: %w", inv.Number, inv.Status, domain.ErrConflict)
	}
	if inv.AmountCents <= 0 {
		return PayResult{}, domain.Invalid("invoice", "nothing to pay")
	}
	if inv.Currency == "" {
		inv.Currency = "usd"
	}

	acct, err := s.Accounts.FindBillingAccount(ctx, actor.WorkspaceID)
	if err != nil {
		return PayResult{}, err
	}
	if acct == nil {
		return PayResult{}, fmt.Errorf("no payment method on file: %w", domain.ErrPaymentFailed)
	}

	// Prepaid credit is applied first; the card pays the remainder.
	bal, err := s.Credits.Balance(ctx, actor.WorkspaceID)
	if err != nil {
		return PayResult{}, err
	}
	creditApplied := min(bal.BalanceCents, inv.AmountCents)
	due := inv.AmountCents - creditApplied
	result := PayResult{CreditApplied: creditApplied}

	if creditApplied > 0 {
		spent, err := s.SpendCredit(ctx, actor.WorkspaceID, creditApplied, "invoice "+inv.Number)
		if err != nil {
			return PayResult{}, err
		}
		if !spent {
			// Balance moved underneath us; charge the full amount instead.
			due = inv.AmountCents
			result.CreditApplied = 0
		}
	}

	var payment *gormstore.Payment
	if due > 0 {
		payment, err = s.collect(ctx, acct, &inv, due)
		if err != nil {
			inv.Status = "failed"
			inv.Attempts++
			if serr := s.Invoices.Save(ctx, &inv); serr != nil {
				s.Log.ErrorContext(ctx, "record failed attempt", "invoice", inv.ID, "err", serr)
			}
			return PayResult{}, err
		}
		result.ChargedCents = due
	}

	if err := s.settle(ctx, &inv, payment); err != nil {
		return PayResult{}, err
	}
	result.Invoice = inv

	if _, err := s.Mailer.Send(ctx, effects.Email{
		To:       acct.Email,
		Subject:  "Receipt for invoice " + inv.Number,
		Template: "invoice_receipt",
		Data: map[string]any{
			"number":  inv.Number,
			"charged": formatMoney(result.ChargedCents, inv.Currency),
			"credit":  formatMoney(result.CreditApplied, inv.Currency),
		},
	}); err != nil {
		s.Log.WarnContext(ctx, "receipt mail", "invoice", inv.ID, "err", err)
	} else {
		result.ReceiptSentTo = acct.Email
	}
	return result, nil
}

// collect charges the card and records the payment.
func (s *Service) collect(ctx context.Context, acct *gormstore.BillingAccount, inv *gormstore.Invoice, amount int64) (*gormstore.Payment, error) {
	ch, err := s.Provider.Charge(ctx, effects.ChargeParams{
		CustomerID:  acct.ProviderCustomerID,
		AmountCents: amount,
		Currency:    inv.Currency,
		Description: "Desk invoice " + inv.Number,
		Metadata:    map[string]string{"invoice": inv.Number},
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", domain.ErrPaymentFailed, err)
	}
	p := &gormstore.Payment{
		WorkspaceID:    inv.WorkspaceID,
		Reference:      fmt.Sprintf("%s-%s", inv.Number, ch.ID),
		ProviderCharge: ch.ID,
		Status:         "succeeded",
		AmountCents:    amount,
		Currency:       inv.Currency,
	}
	if err := s.Payments.Create(ctx, p); err != nil {
		return nil, gormstore.MapErr(err)
	}
	return p, nil
}

// settle marks the invoice paid.
func (s *Service) settle(ctx context.Context, inv *gormstore.Invoice, p *gormstore.Payment) error {
	now := time.Now()
	inv.Status = "paid"
	inv.PaidAt = &now
	inv.Attempts++
	if p != nil {
		inv.PaymentID = &p.ID
	}
	if err := s.Invoices.Save(ctx, inv); err != nil {
		return fmt.Errorf("mark invoice paid: %w", err)
	}
	s.publish(ctx, "billing.invoice_paid", map[string]any{"invoice": inv.Number, "workspace_id": inv.WorkspaceID})
	return nil
}

// RetryInvoice is triggered by the dunning e-mail link. The invoice is
// claimed with a conditional status update before the card is charged.
func (s *Service) RetryInvoice(ctx context.Context, workspaceID, invoiceID int64) (gormstore.Invoice, error) {
	inv, err := s.Invoices.Get(ctx, workspaceID, invoiceID)
	if err != nil {
		return gormstore.Invoice{}, err
	}
	if inv.Status != "failed" {
		return inv, fmt.Errorf("invoice %s is %s: %w", inv.Number, inv.Status, domain.ErrConflict)
	}
	claimed, err := s.Invoices.ClaimForCollection(ctx, inv.ID, "failed", "collecting")
	if err != nil {
		return inv, err
	}
	if !claimed {
		return inv, fmt.Errorf("invoice %s is being collected: %w", inv.Number, domain.ErrConflict)
	}
	acct, err := s.Accounts.FindBillingAccount(ctx, workspaceID)
	if err != nil || acct == nil {
		_, _ = s.Invoices.ClaimForCollection(ctx, inv.ID, "collecting", "failed")
		return inv, errors.Join(domain.ErrPaymentFailed, err)
	}
	p, err := s.collect(ctx, acct, &inv, inv.AmountCents)
	if err != nil {
		_, _ = s.Invoices.ClaimForCollection(ctx, inv.ID, "collecting", "failed")
		return inv, err
	}
	inv.Status = "collecting"
	if err := s.settle(ctx, &inv, p); err != nil {
		return inv, err
	}
	return inv, nil
}
