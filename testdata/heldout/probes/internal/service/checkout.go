package service

import (
	"context"
	"errors"
	"fmt"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/payment"
)

type CheckoutService struct {
	payments PaymentStore
	gateway  payment.Gateway
	events   Publisher
}

func NewCheckoutService(p PaymentStore, g payment.Gateway, pub Publisher) *CheckoutService {
	return &CheckoutService{payments: p, gateway: g, events: pub}
}

type PayRequest struct {
	OrderRef    string
	CustomerRef string
	Amount      int64
	Currency    string
}

type PayResult struct {
	PaymentID  int64
	ProviderID string
	Replayed   bool
}

func (r PayRequest) check() error {
	if r.Amount <= 0 {
		return errors.New("amount must be positive")
	}
	if r.OrderRef == "" {
		return errors.New("order_ref required")
	}
	return nil
}

// PayOrder charges the customer once per order reference.
func (s *CheckoutService) PayOrder(ctx context.Context, req PayRequest) (PayResult, error) {
	if err := req.check(); err != nil {
		return PayResult{}, err
	}
	prev, found, err := s.payments.GetByOrderRef(ctx, req.OrderRef) // L:F1b
	if err != nil {
		return PayResult{}, fmt.Errorf("lookup payment: %w", err)
	}
	if found {
		return PayResult{PaymentID: prev.ID, ProviderID: prev.ProviderID, Replayed: true}, nil
	}

	res, err := s.gateway.Charge(ctx, payment.ChargeRequest{
		CustomerRef: req.CustomerRef,
		Amount:      req.Amount,
		Currency:    req.Currency,
		Description: "order " + req.OrderRef,
	})
	if err != nil {
		return PayResult{}, err
	}
	p := domain.Payment{OrderRef: req.OrderRef, Amount: req.Amount, ProviderID: res.ID, Status: "succeeded"}
	if err := s.payments.Insert(ctx, &p); err != nil {
		return PayResult{}, fmt.Errorf("record payment: %w", err)
	}
	return PayResult{PaymentID: p.ID, ProviderID: res.ID}, nil
}

// PayOrderV2 records a pending payment first; the unique order_ref picks one
// winner, and only the winner charges, with the payment id as the key.
func (s *CheckoutService) PayOrderV2(ctx context.Context, req PayRequest) (PayResult, error) {
	if err := req.check(); err != nil {
		return PayResult{}, err
	}
	prev, found, err := s.payments.GetByOrderRef(ctx, req.OrderRef) // L:F1b-safe
	if err != nil {
		return PayResult{}, err
	}
	if found {
		return PayResult{PaymentID: prev.ID, ProviderID: prev.ProviderID, Replayed: true}, nil
	}
	p := domain.Payment{OrderRef: req.OrderRef, Amount: req.Amount, Status: "pending"}
	if err := s.payments.Insert(ctx, &p); err != nil {
		if errors.Is(err, domain.ErrDuplicate) {
			return PayResult{Replayed: true}, nil
		}
		return PayResult{}, err
	}
	res, err := s.gateway.Charge(ctx, payment.ChargeRequest{
		CustomerRef:    req.CustomerRef,
		Amount:         req.Amount,
		Currency:       req.Currency,
		Description:    "order " + req.OrderRef,
		IdempotencyKey: fmt.Sprintf("payment-%d", p.ID),
	})
	if err != nil {
		_ = s.payments.Fail(ctx, p.ID)
		return PayResult{}, err
	}
	if err := s.payments.Complete(ctx, p.ID, res.ID); err != nil {
		return PayResult{}, err
	}
	return PayResult{PaymentID: p.ID, ProviderID: res.ID}, nil
}
