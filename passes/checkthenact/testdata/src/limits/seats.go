package limits

import (
	"context"
	"errors"
)

// A repository whose count names its rows with a state word in front
// (CountActiveSeats): the seats counted are the seats CreateSeat adds.
type SeatRepository interface {
	CountActiveSeats(ctx context.Context, orgID string) (int, error)
	CreateSeat(ctx context.Context, orgID, userID string) error
	CreateInvite(ctx context.Context, orgID, email string) error
}

type Seats struct {
	Repo SeatRepository
	Max  int
}

// Two assignments of the last seat both count one free and both add one.
func (s *Seats) Assign(ctx context.Context, orgID, userID string) error {
	n, err := s.Repo.CountActiveSeats(ctx, orgID) // want `limit race: the count CountActiveSeats is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
	if err != nil {
		return err
	}
	if n >= s.Max {
		return errors.New("no seat left")
	}
	return s.Repo.CreateSeat(ctx, orgID, userID)
}

// Near miss: an invitation is no seat; the count limits what it counts.
func (s *Seats) Invite(ctx context.Context, orgID, email string) error {
	n, err := s.Repo.CountActiveSeats(ctx, orgID)
	if err != nil {
		return err
	}
	if n >= s.Max {
		return errors.New("no seat left")
	}
	return s.Repo.CreateInvite(ctx, orgID, email)
}
