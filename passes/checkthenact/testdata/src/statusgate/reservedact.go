package statusgate

import (
	"context"
	"errors"
)

// A carrier's Reserve books capacity elsewhere and names the booking: it
// is an act, not an idempotency claim, whatever its verb says.

type CarrierQuote struct {
	ID      string
	State   string
	LaneID  int64
	PriceCt int64
}

type Quotes interface {
	GetQuote(ctx context.Context, id string) (CarrierQuote, error)
	SetQuoteState(ctx context.Context, id, state, reservation string) error
}

type CarrierAPI interface {
	Reserve(ctx context.Context, laneID, priceCents int64) (reservationID string, err error)
}

// SlotLocks is a claim: its bool says whether this caller won the slot.
type SlotLocks interface {
	Reserve(ctx context.Context, key string) (bool, error)
}

type QuoteService struct {
	quotes  Quotes
	carrier CarrierAPI
	locks   SlotLocks
}

// Two clicks of "accept" both see the quote open and both book the
// carrier's capacity.
func (s *QuoteService) Accept(ctx context.Context, id string) error {
	q, err := s.quotes.GetQuote(ctx, id) // want `status-gate race: State read here is tested, then Reserve at line \d+ and the state write at line \d+ are separate steps`
	if err != nil {
		return err
	}
	if q.State != "open" {
		return errors.New("quote is not open")
	}
	ref, err := s.carrier.Reserve(ctx, q.LaneID, q.PriceCt)
	if err != nil {
		return err
	}
	return s.quotes.SetQuoteState(ctx, id, "accepted", ref)
}

// Near miss: a Reserve whose bool says who won is a claim; only the
// caller that reserved the quote's key goes on.
func (s *QuoteService) AcceptClaimed(ctx context.Context, id string) error {
	q, err := s.quotes.GetQuote(ctx, id)
	if err != nil {
		return err
	}
	if q.State != "open" {
		return errors.New("quote is not open")
	}
	won, err := s.locks.Reserve(ctx, "quote:"+id)
	if err != nil || !won {
		return err
	}
	return s.quotes.SetQuoteState(ctx, id, "accepted", "")
}
