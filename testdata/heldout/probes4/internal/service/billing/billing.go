// Package billing issues invoices and collects payments for them.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/clients/payments"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var ErrInvoiceNotOpen = errors.New("billing: invoice is not open")

type SubscriptionStore interface {
	Insert(ctx context.Context, s *domain.Subscription) error
	DueForRenewal(ctx context.Context, period string, limit int) ([]domain.Subscription, error)
}

type Service struct {
	invoices store.InvoiceStore
	payments store.PaymentStore
	subs     SubscriptionStore
	gateway  payments.Gateway
	mail     mailer.Mailer
}

func New(invoices store.InvoiceStore, pays store.PaymentStore, subs SubscriptionStore, gw payments.Gateway, m mailer.Mailer) *Service {
	return &Service{invoices: invoices, payments: pays, subs: subs, gateway: gw, mail: m}
}

// Collect charges the invoice to the given payment method.
func (s *Service) Collect(ctx context.Context, inv domain.Invoice, source string) (domain.Invoice, error) {
	ch, err := s.charge(ctx, inv, source)
	if err != nil {
		return inv, err
	}
	if err := s.invoices.MarkPaid(ctx, inv.ID, ch.ID); err != nil {
		return inv, err
	}
	inv.Status = domain.InvoicePaid
	inv.ChargeID = ch.ID
	s.sendReceipt(ctx, inv)
	return inv, nil
}

// CollectAuto is Collect for the auto-pay scheduler and the "pay with saved
// card" button.
func (s *Service) CollectAuto(ctx context.Context, inv domain.Invoice, source string) (domain.Invoice, error) {
	ok, err := s.invoices.SetStatusIf(ctx, inv.ID, domain.InvoiceOpen, domain.InvoicePaying)
	if err != nil {
		return inv, err
	}
	if !ok {
		return inv, ErrInvoiceNotOpen
	}
	ch, err := s.charge(ctx, inv, source)
	if err != nil {
		if _, rerr := s.invoices.SetStatusIf(ctx, inv.ID, domain.InvoicePaying, domain.InvoiceOpen); rerr != nil {
			slog.ErrorContext(ctx, "reopen invoice", "invoice", inv.ID, "err", rerr)
		}
		return inv, err
	}
	if err := s.invoices.MarkPaid(ctx, inv.ID, ch.ID); err != nil {
		return inv, err
	}
	inv.Status = domain.InvoicePaid
	inv.ChargeID = ch.ID
	s.sendReceipt(ctx, inv)
	return inv, nil
}

func (s *Service) charge(ctx context.Context, inv domain.Invoice, source string) (payments.Charge, error) {
	return s.gateway.Charge(ctx, payments.ChargeRequest{
		AmountCents: inv.AmountCents,
		Currency:    inv.Currency,
		Source:      source,
		Description: "invoice " + inv.Number,
	})
}

func (s *Service) sendReceipt(ctx context.Context, inv domain.Invoice) {
	if err := s.mail.Send(ctx, mailer.Message{To: inv.CustomerEmail, Template: "invoice-paid", Data: map[string]any{"number": inv.Number}}); err != nil {
		slog.WarnContext(ctx, "receipt mail", "invoice", inv.ID, "err", err)
	}
}

// IssueInvoice issues the invoice of a B2B order and mails it.
func (s *Service) IssueInvoice(ctx context.Context, orderID int64, email string) (domain.Invoice, error) {
	inv, created, err := s.invoices.CreateForOrder(ctx, orderID, func(o domain.Order) domain.Invoice {
		return domain.Invoice{
			OrderID:       o.ID,
			Number:        invoiceNumber(o.ID),
			Status:        domain.InvoiceOpen,
			AmountCents:   o.PayableCents(),
			Currency:      o.Currency,
			CustomerEmail: email,
		}
	})
	if err != nil {
		return domain.Invoice{}, err
	}
	if created {
		if err := s.mail.Send(ctx, mailer.Message{To: email, Template: "invoice-issued", Data: map[string]any{"number": inv.Number}}); err != nil {
			slog.WarnContext(ctx, "invoice mail", "invoice", inv.ID, "err", err)
		}
	}
	return inv, nil
}

// IssueReceipt issues the receipt of a consumer order and mails it.
func (s *Service) IssueReceipt(ctx context.Context, orderID int64, email string) (domain.Receipt, error) {
	rcpt, created, err := s.invoices.CreateReceiptForOrder(ctx, orderID, func(o domain.Order) domain.Receipt {
		return domain.Receipt{OrderID: o.ID, Number: invoiceNumber(o.ID), AmountCents: o.PayableCents(), Email: email}
	})
	if err != nil {
		return domain.Receipt{}, err
	}
	if created {
		if err := s.mail.Send(ctx, mailer.Message{To: email, Template: "receipt", Data: map[string]any{"number": rcpt.Number}}); err != nil {
			slog.WarnContext(ctx, "receipt mail", "receipt", rcpt.ID, "err", err)
		}
	}
	return rcpt, nil
}

func invoiceNumber(orderID int64) string {
	return fmt.Sprintf("INV-%s-%06d-%s", time.Now().Format("200601"), orderID, strings.ToUpper(uuid.NewString()[:6]))
}

// StartSubscription charges the first period and records the subscription.
func (s *Service) StartSubscription(ctx context.Context, u domain.User, planCode string, amountCents int64, source string) (*domain.Subscription, error) {
	ch, err := s.gateway.Charge(ctx, payments.ChargeRequest{AmountCents: amountCents, Currency: "EUR", Source: source, Description: "plan " + planCode})
	if err != nil {
		return nil, err
	}
	sub := &domain.Subscription{UserID: u.ID, PlanCode: planCode, AmountCents: amountCents, Currency: "EUR", PaymentRef: source, Status: "active"}
	if err := s.subs.Insert(ctx, sub); err != nil {
		return nil, fmt.Errorf("record subscription after charge %s: %w", ch.ID, err)
	}
	return sub, nil
}

// ChargeRenewal charges one billing period of a subscription.
func (s *Service) ChargeRenewal(ctx context.Context, sub domain.Subscription, period string) (*domain.RenewalCharge, error) {
	existing, err := s.payments.RenewalFor(ctx, sub.ID, period)
	if err == nil {
		return existing, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	rc := &domain.RenewalCharge{SubscriptionID: sub.ID, Period: period, AmountCents: sub.AmountCents}
	if err := s.payments.InsertPendingRenewal(ctx, rc); err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			return s.payments.RenewalFor(ctx, sub.ID, period)
		}
		return nil, err
	}
	ch, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		AmountCents:    sub.AmountCents,
		Currency:       sub.Currency,
		Source:         sub.PaymentRef,
		Description:    fmt.Sprintf("%s renewal %s", sub.PlanCode, period),
		IdempotencyKey: fmt.Sprintf("renewal-%d", rc.ID),
	})
	status := "succeeded"
	if err != nil {
		status = "failed"
	}
	if cerr := s.payments.CompleteRenewal(ctx, rc.ID, ch.ID, status); cerr != nil {
		return nil, cerr
	}
	rc.ChargeID, rc.Status = ch.ID, status
	return rc, err
}

func (s *Service) DueForRenewal(ctx context.Context, period string, limit int) ([]domain.Subscription, error) {
	return s.subs.DueForRenewal(ctx, period, limit)
}
