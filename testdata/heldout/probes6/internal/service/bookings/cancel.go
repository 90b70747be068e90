package bookings

import (
	"context"
	"fmt"

	"example.com/fleet6/internal/domain"
)

// Cancel cancels a booking the handler already loaded for the caller and
// refunds the slot fee.
func (s *Service) Cancel(ctx context.Context, b domain.Booking) error {
	if b.Status != domain.BookingConfirmed {
		return fmt.Errorf("cancel booking %d in status %s: %w", b.ID, b.Status, domain.ErrInvalidState)
	}
	if err := s.refundSlot(ctx, b); err != nil {
		return fmt.Errorf("cancel booking: %w", err)
	}
	return s.markCancelled(ctx, b.ID)
}

func (s *Service) refundSlot(ctx context.Context, b domain.Booking) error {
	if b.PaymentRef == "" || b.AmountCents == 0 {
		return nil
	}
	return s.Payments.Refund(ctx, b.PaymentRef, b.AmountCents, "")
}

func (s *Service) markCancelled(ctx context.Context, id int64) error {
	if err := s.Bookings.SetStatus(ctx, id, domain.BookingCancelled); err != nil {
		return fmt.Errorf("mark cancelled: %w", err)
	}
	return nil
}

// CancelByOperator is the warehouse operator's cancellation.
func (s *Service) CancelByOperator(ctx context.Context, b domain.Booking) error {
	if b.Status != domain.BookingConfirmed && b.Status != domain.BookingPending {
		return fmt.Errorf("cancel booking %d in status %s: %w", b.ID, b.Status, domain.ErrInvalidState)
	}
	moved, err := s.Bookings.Transition(ctx, b.ID, b.Status, domain.BookingCancelled)
	if err != nil {
		return fmt.Errorf("cancel booking: %w", err)
	}
	if !moved {
		return nil
	}
	if b.PaymentRef != "" && b.AmountCents > 0 {
		key := fmt.Sprintf("booking-refund-%d", b.ID)
		if err := s.Payments.Refund(ctx, b.PaymentRef, b.AmountCents, key); err != nil {
			return fmt.Errorf("cancel booking: refund: %w", err)
		}
	}
	return nil
}
