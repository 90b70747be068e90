package customers

import (
	"context"
	"errors"
	"fmt"

	"example.com/fleet6/internal/domain"
)

// AcceptQuote books the carrier capacity behind a spot quote.
func (s *Service) AcceptQuote(ctx context.Context, quoteID string) error {
	q, err := s.Quotes.Get(ctx, quoteID)
	if err != nil {
		return fmt.Errorf("accept quote: %w", err)
	}
	if q.State != "open" {
		return fmt.Errorf("quote %s is %s: %w", q.ID, q.State, domain.ErrInvalidState)
	}
	reservation, err := s.reserve(ctx, q)
	if err != nil {
		return fmt.Errorf("accept quote: %w", err)
	}
	return s.Quotes.SetState(ctx, q.ID, "accepted", reservation)
}

// AcceptCounterOffer accepts a carrier's counter offer.
func (s *Service) AcceptCounterOffer(ctx context.Context, quoteID string) error {
	q, err := s.Quotes.Transition(ctx, quoteID, "countered", "accepting")
	if errors.Is(err, domain.ErrInvalidState) {
		return fmt.Errorf("counter offer %s is no longer open: %w", quoteID, err)
	}
	if err != nil {
		return fmt.Errorf("accept counter offer: %w", err)
	}
	reservation, err := s.reserve(ctx, q)
	if err != nil {
		return fmt.Errorf("accept counter offer: %w", err)
	}
	return s.Quotes.SetState(ctx, q.ID, "accepted", reservation)
}

func (s *Service) reserve(ctx context.Context, q domain.Quote) (string, error) {
	return s.Carrier.Reserve(ctx, q.CarrierID, q.LaneID, q.PriceCents)
}
