// Package bookings is dock-slot booking for warehouse pick-ups and
// drop-offs.
package bookings

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
)

type Service struct {
	Bookings repo.Bookings
	Payments effects.Payments
	Mailer   effects.Mailer
	Log      *slog.Logger
}

type ReserveInput struct {
	MerchantID  int64
	CustomerID  string
	DockID      int64
	Slot        time.Time
	ClientRef   string
	AmountCents int64
	Email       string
}

func (in ReserveInput) booking() domain.Booking {
	return domain.Booking{
		MerchantID:  in.MerchantID,
		CustomerID:  in.CustomerID,
		DockID:      in.DockID,
		Slot:        in.Slot.UTC().Truncate(30 * time.Minute),
		ClientRef:   in.ClientRef,
		AmountCents: in.AmountCents,
		Email:       in.Email,
		Status:      domain.BookingConfirmed,
	}
}

// Reserve books a dock slot from the self-service calendar.
func (s *Service) Reserve(ctx context.Context, in ReserveInput) (domain.Booking, error) {
	b := in.booking()
	taken, err := s.Bookings.ListForSlot(ctx, b.DockID, b.Slot)
	if err != nil {
		return domain.Booking{}, fmt.Errorf("reserve: %w", err)
	}
	if len(taken) > 0 {
		return domain.Booking{}, domain.ErrSlotTaken
	}
	if err := s.Bookings.Insert(ctx, &b); err != nil {
		return domain.Booking{}, fmt.Errorf("reserve: %w", err)
	}
	return b, nil
}

// ReserveForCarrier books a slot on behalf of a carrier integration.
func (s *Service) ReserveForCarrier(ctx context.Context, in ReserveInput) (domain.Booking, error) {
	b := in.booking()
	err := s.Bookings.WithDockLock(ctx, b.DockID, func(ctx context.Context, q repo.BookingQueries) error {
		live, err := q.ListForSlot(ctx, b.DockID, b.Slot)
		if err != nil {
			return err
		}
		if len(live) > 0 {
			return domain.ErrSlotTaken
		}
		return q.Insert(ctx, &b)
	})
	if err != nil {
		return domain.Booking{}, fmt.Errorf("reserve for carrier: %w", err)
	}
	return b, nil
}

// CreateFromPartner creates a booking from a partner's TMS, keyed by the
// partner's reference. A resend of the same reference returns the booking.
func (s *Service) CreateFromPartner(ctx context.Context, in ReserveInput) (domain.Booking, bool, error) {
	b := in.booking()
	err := s.Bookings.Create(ctx, &b)
	if errors.Is(err, domain.ErrAlreadyExists) {
		existing, err := s.Bookings.GetByClientRef(ctx, in.MerchantID, in.ClientRef)
		if err != nil {
			return domain.Booking{}, false, fmt.Errorf("partner booking: %w", err)
		}
		return existing, false, nil
	}
	if err != nil {
		return domain.Booking{}, false, fmt.Errorf("partner booking: %w", err)
	}
	return b, true, nil
}

// RequestSlot is the e-mail-confirmed flow from the public booking widget.
func (s *Service) RequestSlot(ctx context.Context, in ReserveInput) (domain.Booking, error) {
	b := in.booking()
	if err := s.sendReceived(ctx, b); err != nil {
		return domain.Booking{}, fmt.Errorf("request slot: %w", err)
	}
	if _, err := s.Bookings.CreateOrGet(ctx, &b); err != nil {
		return domain.Booking{}, fmt.Errorf("request slot: %w", err)
	}
	return b, nil
}

// ConfirmSlot is the same flow for logged-in customers.
func (s *Service) ConfirmSlot(ctx context.Context, in ReserveInput) (domain.Booking, error) {
	b := in.booking()
	created, err := s.Bookings.CreateOrGet(ctx, &b)
	if err != nil {
		return domain.Booking{}, fmt.Errorf("confirm slot: %w", err)
	}
	if created {
		if err := s.Mailer.Send(ctx, b.Email, "booking_confirmed", bookingMailData(b)); err != nil {
			s.Log.WarnContext(ctx, "booking confirmation mail", "booking", b.ID, "err", err)
		}
	}
	return b, nil
}

func (s *Service) sendReceived(ctx context.Context, b domain.Booking) error {
	return s.Mailer.Send(ctx, b.Email, "booking_received", bookingMailData(b))
}

func bookingMailData(b domain.Booking) map[string]any {
	return map[string]any{"dock": b.DockID, "slot": b.Slot.Format(time.RFC1123), "ref": b.ClientRef}
}
