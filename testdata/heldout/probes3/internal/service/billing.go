package service

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/payments"
)

type BillingService struct {
	Invoices Invoices
	Users    Users
	Charger  Charger
	Mailer   Mailer
	Texter   Texter
}

func decodeFlags(raw json.RawMessage) (domain.InvoiceFlags, error) {
	var f domain.InvoiceFlags
	if len(raw) == 0 {
		return f, nil
	}
	err := json.Unmarshal(raw, &f)
	return f, err
}

func encodeFlags(inv *domain.Invoice, f domain.InvoiceFlags) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	inv.Meta = b
	return nil
}

// PayInvoice charges the customer's card for an invoice the caller loaded.
func (s *BillingService) PayInvoice(ctx context.Context, inv domain.Invoice, cardRef string) (string, error) {
	if inv.Status != "open" {
		return "", domain.ErrInvalidState
	}
	ch, err := s.Charger.Charge(ctx, "", payments.ChargeRequest{
		CustomerRef: cardRef,
		AmountCents: inv.AmountCents,
		Currency:    inv.Currency,
		Description: "Invoice " + strconv.FormatInt(inv.ID, 10),
	})
	if err != nil {
		return "", err
	}
	if err := s.settle(ctx, inv, ch.ID); err != nil {
		return ch.ID, err
	}
	return ch.ID, nil
}

func (s *BillingService) settle(ctx context.Context, inv domain.Invoice, chargeRef string) error {
	flags, err := decodeFlags(inv.Meta)
	if err != nil {
		return err
	}
	flags.LastChargeRef = chargeRef
	if err := encodeFlags(&inv, flags); err != nil {
		return err
	}
	return s.markPaid(ctx, inv)
}

func (s *BillingService) markPaid(ctx context.Context, inv domain.Invoice) error {
	now := time.Now().UTC()
	inv.Status = "paid"
	inv.PaidAt = &now
	return s.Invoices.Save(ctx, inv)
}

// AutoPay charges the card on file for an invoice the caller loaded; the
// invoice is moved to "processing" first and only the call that moved it
// charges.
func (s *BillingService) AutoPay(ctx context.Context, inv domain.Invoice, cardRef string) (string, error) {
	moved, err := s.Invoices.Transition(ctx, inv.ID, "open", "processing")
	if err != nil {
		return "", err
	}
	if !moved {
		return "", domain.ErrInvalidState
	}
	ch, err := s.Charger.Charge(ctx, "invoice-"+strconv.FormatInt(inv.ID, 10), payments.ChargeRequest{
		CustomerRef: cardRef,
		AmountCents: inv.AmountCents,
		Currency:    inv.Currency,
		Description: "Invoice " + strconv.FormatInt(inv.ID, 10),
	})
	if err != nil {
		if _, rerr := s.Invoices.Transition(ctx, inv.ID, "processing", "open"); rerr != nil {
			return "", fmt.Errorf("%w (and reopening failed: %v)", err, rerr)
		}
		return "", err
	}
	if _, err := s.Invoices.Transition(ctx, inv.ID, "processing", "paid"); err != nil {
		return ch.ID, err
	}
	return ch.ID, nil
}

// SendReceipt mails the receipt of a paid invoice once.
func (s *BillingService) SendReceipt(ctx context.Context, invoiceID int64) error {
	inv, err := s.Invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	flags, err := decodeFlags(inv.Meta)
	if err != nil {
		return err
	}
	if inv.Status != "paid" || flags.ReceiptSent {
		return nil
	}
	cust, err := s.Users.ByID(ctx, inv.CustomerID)
	if err != nil {
		return err
	}
	if err := s.Mailer.SendReceipt(ctx, cust.Email, inv.ID, inv.AmountCents, inv.Currency); err != nil {
		return err
	}
	return s.rememberReceipt(ctx, inv, flags)
}

func (s *BillingService) rememberReceipt(ctx context.Context, inv domain.Invoice, flags domain.InvoiceFlags) error {
	flags.ReceiptSent = true
	if err := encodeFlags(&inv, flags); err != nil {
		return err
	}
	return s.Invoices.Save(ctx, inv)
}

// SendReceiptOnce mails the receipt after the flag is set in the row by
// a guarded update; at most one caller sets it.
func (s *BillingService) SendReceiptOnce(ctx context.Context, invoiceID int64) error {
	inv, err := s.Invoices.Get(ctx, invoiceID)
	if err != nil || inv.Status != "paid" {
		return err
	}
	first, err := s.Invoices.FlagReceiptSent(ctx, invoiceID)
	if err != nil || !first {
		return err
	}
	cust, err := s.Users.ByID(ctx, inv.CustomerID)
	if err != nil {
		return err
	}
	return s.Mailer.SendReceipt(ctx, cust.Email, inv.ID, inv.AmountCents, inv.Currency)
}

// PayWithCredit settles an invoice from store credit.
func (s *BillingService) PayWithCredit(ctx context.Context, invoiceID int64) (bool, error) {
	return s.Invoices.SettleWithCredit(ctx, invoiceID)
}

// RemindOverdue texts a payment reminder for one overdue invoice.
func (s *BillingService) RemindOverdue(ctx context.Context, inv domain.Invoice) error {
	cust, err := s.Users.ByID(ctx, inv.CustomerID)
	if err != nil {
		return err
	}
	if cust.Phone == "" {
		return nil
	}
	return s.Texter.Text(ctx, cust.Phone, fmt.Sprintf("Invoice %d (%d.%02d %s) is overdue.",
		inv.ID, inv.AmountCents/100, inv.AmountCents%100, inv.Currency))
}

// ChargeDeposit takes the deposit of a pre-order.
func (s *BillingService) ChargeDeposit(ctx context.Context, orderID int64, cardRef string, cents int64) (string, error) {
	ch, err := s.Charger.ChargeWithRetry(ctx, payments.ChargeRequest{
		CustomerRef: cardRef, AmountCents: cents, Currency: "EUR",
		Description: "Deposit for order " + strconv.FormatInt(orderID, 10),
	})
	return ch.ID, err
}

// ChargeBalance takes the balance of a pre-order under one key per order.
func (s *BillingService) ChargeBalance(ctx context.Context, orderID int64, cardRef string, cents int64) (string, error) {
	ch, err := s.Charger.ChargeOnce(ctx, "balance-"+strconv.FormatInt(orderID, 10), payments.ChargeRequest{
		CustomerRef: cardRef, AmountCents: cents, Currency: "EUR",
		Description: "Balance for order " + strconv.FormatInt(orderID, 10),
	})
	return ch.ID, err
}
