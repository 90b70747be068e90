package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/gormstore"
)

// RefundRequest is issued by support from the payment detail page.
type RefundRequest struct {
	PaymentID   int64
	AmountCents int64
	Reason      string
}

// RefundPayment refunds part or all of a captured payment.
func (s *Service) RefundPayment(ctx context.Context, actor domain.Actor, req RefundRequest) (gormstore.Refund, error) {
	if !actor.IsAdmin() {
		return gormstore.Refund{}, domain.ErrForbidden
	}
	p, err := s.Payments.Get(ctx, actor.WorkspaceID, req.PaymentID)
	if err != nil {
		return gormstore.Refund{}, err
	}
	if p.Status != "succeeded" && p.Status != "partially_refunded" {
		return gormstore.Refund{}, fmt.Errorf("payment is %s: %w", p.Status, domain.ErrConflict)
	}
	amount := req.AmountCents
	if amount == 0 {
		amount = p.AmountCents - p.RefundedCents
	}
	if amount <= 0 || p.RefundedCents+amount > p.AmountCents {
		return gormstore.Refund{}, domain.Invalid("amount", "exceeds refundable amount")
	}
	rf, err := s.refundAtProvider(ctx, p, amount, req.Reason)
	if err != nil {
		return gormstore.Refund{}, err
	}
	if err := s.recordRefund(ctx, p, rf); err != nil {
		return gormstore.Refund{}, err
	}
	return rf, nil
}

func (s *Service) refundAtProvider(ctx context.Context, p gormstore.Payment, amount int64, reason string) (gormstore.Refund, error) {
	out, err := s.Provider.Refund(ctx, effects.RefundParams{
		ChargeID:    p.ProviderCharge,
		AmountCents: amount,
		Reason:      reason,
	})
	if err != nil {
		return gormstore.Refund{}, fmt.Errorf("provider refund: %w", err)
	}
	return gormstore.Refund{PaymentID: p.ID, ProviderRefund: out.ID, AmountCents: amount}, nil
}

func (s *Service) recordRefund(ctx context.Context, p gormstore.Payment, rf gormstore.Refund) error {
	refunded := p.RefundedCents + rf.AmountCents
	status := "partially_refunded"
	if refunded == p.AmountCents {
		status = "refunded"
	}
	if err := s.Payments.UpdateFields(ctx, p.ID, map[string]any{
		"refunded_cents": refunded,
		"status":         status,
	}); err != nil {
		return err
	}
	if err := s.Payments.AddRefund(ctx, &rf); err != nil {
		return err
	}
	s.publish(ctx, "billing.payment_refunded", map[string]any{"payment_id": p.ID, "amount": rf.AmountCents})
	return nil
}

// VoidPayment cancels an authorized (not yet captured) payment. The payment
// row is locked for the duration.
func (s *Service) VoidPayment(ctx context.Context, actor domain.Actor, paymentID int64) error {
	if !actor.IsAdmin() {
		return domain.ErrForbidden
	}
	return gormstore.MapErr(s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var p gormstore.Payment
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("workspace_id = ? AND id = ?", actor.WorkspaceID, paymentID).
			First(&p).Error; err != nil {
			return err
		}
		if p.Status != "authorized" {
			return fmt.Errorf("payment is %s: %w", p.Status, domain.ErrConflict)
		}
		if err := s.Provider.Void(ctx, p.ProviderCharge); err != nil {
			return fmt.Errorf("provider void: %w", err)
		}
		return tx.Model(&p).Updates(map[string]any{"status": "voided", "updated_at": time.Now()}).Error
	}))
}

// OneOffCharge is used for add-ons billed outside the subscription
// (onboarding packages, extra phone numbers). Reference is supplied by the
// caller and is unique per purchase.
type OneOffCharge struct {
	Reference   string
	AmountCents int64
	Currency    string
	Description string
}

// ChargeOneOff charges the card on file and records the payment.
func (s *Service) ChargeOneOff(ctx context.Context, actor domain.Actor, req OneOffCharge) (gormstore.Payment, error) {
	if req.Reference == "" || req.AmountCents <= 0 {
		return gormstore.Payment{}, domain.Invalid("charge", "reference and positive amount required")
	}
	acct, err := s.Accounts.FindBillingAccount(ctx, actor.WorkspaceID)
	if err != nil {
		return gormstore.Payment{}, err
	}
	if acct == nil {
		return gormstore.Payment{}, domain.ErrPaymentFailed
	}
	ch, err := s.Provider.Charge(ctx, effects.ChargeParams{
		CustomerID:  acct.ProviderCustomerID,
		AmountCents: req.AmountCents,
		Currency:    req.Currency,
		Description: req.Description,
	})
	if err != nil {
		return gormstore.Payment{}, fmt.Errorf("%w: %v", domain.ErrPaymentFailed, err)
	}
	p := gormstore.Payment{
		WorkspaceID:    actor.WorkspaceID,
		Reference:      req.Reference,
		ProviderCharge: ch.ID,
		Status:         "succeeded",
		AmountCents:    req.AmountCents,
		Currency:       req.Currency,
	}
	if err := s.Payments.Create(ctx, &p); err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			// Same purchase submitted twice: report the recorded payment.
			return s.Payments.GetByReference(ctx, req.Reference)
		}
		return gormstore.Payment{}, err
	}
	s.publish(ctx, "billing.charge_succeeded", map[string]any{"reference": req.Reference, "workspace_id": actor.WorkspaceID})
	return p, nil
}

// ChargeAddon charges for a marketplace add-on. The payment row is recorded
// as pending before the card is charged, and the provider call carries the
// reference as its idempotency key.
func (s *Service) ChargeAddon(ctx context.Context, actor domain.Actor, req OneOffCharge) (gormstore.Payment, error) {
	if req.Reference == "" || req.AmountCents <= 0 {
		return gormstore.Payment{}, domain.Invalid("charge", "reference and positive amount required")
	}
	acct, err := s.Accounts.FindBillingAccount(ctx, actor.WorkspaceID)
	if err != nil {
		return gormstore.Payment{}, err
	}
	if acct == nil {
		return gormstore.Payment{}, domain.ErrPaymentFailed
	}
	p := gormstore.Payment{
		WorkspaceID: actor.WorkspaceID,
		Reference:   req.Reference,
		Status:      "pending",
		AmountCents: req.AmountCents,
		Currency:    req.Currency,
	}
	if err := s.Payments.Create(ctx, &p); err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return s.Payments.GetByReference(ctx, req.Reference)
		}
		return gormstore.Payment{}, err
	}
	ch, err := s.Provider.Charge(ctx, effects.ChargeParams{
		CustomerID:     acct.ProviderCustomerID,
		AmountCents:    req.AmountCents,
		Currency:       req.Currency,
		Description:    req.Description,
		IdempotencyKey: "addon-" + req.Reference,
	})
	if err != nil {
		_ = s.Payments.UpdateFields(ctx, p.ID, map[string]any{"status": "failed"})
		return gormstore.Payment{}, fmt.Errorf("%w: %v", domain.ErrPaymentFailed, err)
	}
	if err := s.Payments.UpdateFields(ctx, p.ID, map[string]any{"status": "succeeded", "provider_charge": ch.ID}); err != nil {
		return gormstore.Payment{}, err
	}
	p.Status, p.ProviderCharge = "succeeded", ch.ID
	s.publish(ctx, "billing.charge_succeeded", map[string]any{"reference": req.Reference, "workspace_id": actor.WorkspaceID})
	return p, nil
}
