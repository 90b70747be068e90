package service

import (
	"context"
	"fmt"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/payment"
)

type RefundStore interface {
	Load(ctx context.Context, id int64) (domain.Refund, bool, error)
	Store(ctx context.Context, rf *domain.Refund) error
	Claim(ctx context.Context, id int64) (bool, error)
}

type RefundService struct {
	refunds RefundStore
	orders  OrderStore
	gateway payment.Gateway
}

func NewRefundService(r RefundStore, o OrderStore, g payment.Gateway) *RefundService {
	return &RefundService{refunds: r, orders: o, gateway: g}
}

// Approve sends an approved refund to the processor.
func (s *RefundService) Approve(ctx context.Context, refundID int64) error {
	rf, ok, err := s.refunds.Load(ctx, refundID) // L:F2e
	if err != nil {
		return err
	}
	if !ok {
		return domain.ErrNotFound
	}
	if rf.Status != domain.RefundRequested {
		return domain.ErrAlreadyUsed
	}
	return s.execute(ctx, rf)
}

func (s *RefundService) execute(ctx context.Context, rf domain.Refund) error {
	order, err := s.orders.Get(ctx, rf.OrderID)
	if err != nil {
		return err
	}
	ref, err := s.gateway.Refund(ctx, order.ChargeID, rf.Amount)
	if err != nil {
		return fmt.Errorf("refund %d: %w", rf.ID, err)
	}
	rf.ProviderRef = ref
	rf.Status = domain.RefundDone
	return s.refunds.Store(ctx, &rf)
}

// ApproveV2 claims the refund row first.
func (s *RefundService) ApproveV2(ctx context.Context, refundID int64) error {
	rf, ok, err := s.refunds.Load(ctx, refundID) // L:F2e-safe
	if err != nil {
		return err
	}
	if !ok {
		return domain.ErrNotFound
	}
	if rf.Status != domain.RefundRequested {
		return domain.ErrAlreadyUsed
	}
	claimed, err := s.refunds.Claim(ctx, refundID)
	if err != nil {
		return err
	}
	if !claimed {
		return domain.ErrAlreadyUsed
	}
	return s.execute(ctx, rf)
}
