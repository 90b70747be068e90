package events

import (
	"context"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/store/sqlxstore"
)

// Register signs an attendee up for a free event. Free events still have a
// hard capacity (room size or webinar license).
func (s *Service) Register(ctx context.Context, eventID int64, a Attendee) (sqlxstore.Registration, error) {
	if err := a.validate(); err != nil {
		return sqlxstore.Registration{}, err
	}
	ev, err := s.Repo.Get(ctx, eventID)
	if err != nil {
		return sqlxstore.Registration{}, err
	}
	if err := s.open(ev); err != nil {
		return sqlxstore.Registration{}, err
	}
	if ev.PriceCents > 0 {
		return sqlxstore.Registration{}, domain.Invalid("event", "paid event: use checkout")
	}
	taken, err := s.Repo.CountRegistrations(ctx, ev.ID)
	if err != nil {
		return sqlxstore.Registration{}, err
	}
	if taken >= ev.Capacity {
		return sqlxstore.Registration{}, fmt.Errorf("event full: %w", domain.ErrQuotaExceeded)
	}
	reg := sqlxstore.Registration{EventID: ev.ID, Email: a.Email, Name: a.Name, Status: "confirmed"}
	if err := s.Repo.InsertRegistration(ctx, s.DB, &reg); err != nil {
		if errors.Is(err, domain.ErrAlreadyExists) {
			return reg, fmt.Errorf("already registered: %w", domain.ErrConflict)
		}
		return reg, err
	}
	s.confirmation(ctx, ev, a, "event_registered")
	return reg, nil
}

// reserveSeat takes one seat from the event's counter if one is left. It
// runs inside the caller's transaction.
func reserveSeat(ctx context.Context, tx *sqlx.Tx, eventID int64, n int) (bool, error) {
	res, err := tx.ExecContext(ctx,
		`UPDATE events SET seats_taken = seats_taken + $2
		 WHERE id = $1 AND seats_taken + $2 <= capacity`, eventID, n)
	if err != nil {
		return false, err
	}
	rows, err := res.RowsAffected()
	return rows == 1, err
}

// RegisterSponsorGuest registers a sponsor's guest for a ticketed event at
// no charge. Ticketed events track seats in events.seats_taken.
func (s *Service) RegisterSponsorGuest(ctx context.Context, eventID int64, a Attendee) (sqlxstore.Registration, error) {
	if err := a.validate(); err != nil {
		return sqlxstore.Registration{}, err
	}
	ev, err := s.Repo.Get(ctx, eventID)
	if err != nil {
		return sqlxstore.Registration{}, err
	}
	if err := s.open(ev); err != nil {
		return sqlxstore.Registration{}, err
	}
	reg := sqlxstore.Registration{EventID: ev.ID, Email: a.Email, Name: a.Name, Status: "confirmed"}
	err = sqlxstore.InTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		ok, err := reserveSeat(ctx, tx, ev.ID, 1)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("event full: %w", domain.ErrQuotaExceeded)
		}
		return s.Repo.InsertRegistration(ctx, tx, &reg)
	})
	if err != nil {
		return reg, sqlxstore.MapErr(err)
	}
	s.confirmation(ctx, ev, a, "event_registered_guest")
	return reg, nil
}
