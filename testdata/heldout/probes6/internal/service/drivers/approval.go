package drivers

import (
	"context"
	"fmt"
	"time"

	"example.com/fleet6/internal/domain"
)

// Approve is the compliance reviewer's "approve driver" button.
func (s *Service) Approve(ctx context.Context, driverID int64) error {
	d, err := s.Approvals.Get(ctx, driverID)
	if err != nil {
		return fmt.Errorf("approve: %w", err)
	}
	if !d.ApprovedAt.IsZero() {
		return nil
	}
	if err := s.sendApproval(ctx, d); err != nil {
		return fmt.Errorf("approve: %w", err)
	}
	return s.Approvals.MarkApproved(ctx, driverID, time.Now().UTC())
}

// AutoApprove is used by the background-check webhook when every check passes.
func (s *Service) AutoApprove(ctx context.Context, driverID int64) error {
	approved, err := s.Approvals.ApproveIfPending(ctx, driverID, time.Now().UTC())
	if err != nil {
		return fmt.Errorf("auto approve: %w", err)
	}
	if !approved {
		return nil
	}
	d, err := s.Approvals.Get(ctx, driverID)
	if err != nil {
		return fmt.Errorf("auto approve: %w", err)
	}
	return s.sendApproval(ctx, d)
}

func (s *Service) sendApproval(ctx context.Context, d domain.Driver) error {
	if err := s.SMS.Send(ctx, d.Phone, "You're approved! You can start accepting jobs now."); err != nil {
		return err
	}
	return s.Mailer.Send(ctx, fmt.Sprintf("driver-%d@fleet.local", d.ID), "driver_approved", map[string]any{"name": d.Name})
}
