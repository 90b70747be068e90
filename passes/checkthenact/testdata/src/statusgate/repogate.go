package statusgate

import (
	"context"
	"errors"
)

type Payment struct {
	ID      string
	Account string
	Amount  int64
	Status  string
}

// Payments is the service's repository, called through an interface.
type Payments interface {
	GetPayment(ctx context.Context, id string) (*Payment, error)
	UpdateStatus(ctx context.Context, id, status string) error
}

type Ledger interface {
	Credit(ctx context.Context, account string, amount int64) error
}

type Claims interface {
	TryClaim(ctx context.Context, key string) (bool, error)
}

var ErrNotFound = errors.New("not found")

type Service struct {
	payments Payments
	ledger   Ledger
	claims   Claims
	notify   func(ctx context.Context, p *Payment) error
}

// The double-credit webhook, through interfaces.
func (s *Service) OnCaptured(ctx context.Context, id string) error {
	p, err := s.payments.GetPayment(ctx, id) // want `status-gate race: Status read here is tested, then Credit`
	if err != nil {
		return err
	}
	if p.Status == "captured" {
		return nil
	}
	if err := s.ledger.Credit(ctx, p.Account, p.Amount); err != nil {
		return err
	}
	return s.payments.UpdateStatus(ctx, p.ID, "captured")
}

// The act through a func-typed field.
func (s *Service) OnRefunded(ctx context.Context, id string) error {
	p, err := s.payments.GetPayment(ctx, id) // want `status-gate race: Status read here is tested, then the call`
	if err != nil {
		return err
	}
	if p.Status != "refunded" {
		s.notify(ctx, p)
		return s.payments.UpdateStatus(ctx, id, "refunded")
	}
	return nil
}

// Near miss: an atomic claim before the act picks one winner.
func (s *Service) OnCapturedClaimed(ctx context.Context, id string) error {
	p, err := s.payments.GetPayment(ctx, id)
	if err != nil {
		return err
	}
	if p.Status == "captured" {
		return nil
	}
	won, err := s.claims.TryClaim(ctx, "capture:"+id)
	if err != nil || !won {
		return err
	}
	if err := s.ledger.Credit(ctx, p.Account, p.Amount); err != nil {
		return err
	}
	return s.payments.UpdateStatus(ctx, p.ID, "captured")
}

// Near miss: the act runs only when the state says it is already done,
// and no state is written.
func (s *Service) Reconcile(ctx context.Context, id string) error {
	p, err := s.payments.GetPayment(ctx, id)
	if err != nil {
		return err
	}
	if p.Status == "captured" {
		return s.ledger.Credit(ctx, p.Account, 0)
	}
	return nil
}

// Near miss: a test of the key field is an existence test, not a gate.
func (s *Service) Touch(ctx context.Context, id string) error {
	p, err := s.payments.GetPayment(ctx, id)
	if err != nil {
		return err
	}
	if p.ID == "" {
		return ErrNotFound
	}
	return s.payments.UpdateStatus(ctx, p.ID, "seen")
}
