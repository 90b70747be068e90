package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/sqlxstore"
)

const offerWindow = 24 * time.Hour

// CancelRegistration frees a seat and offers it to the waitlist.
func (s *Service) CancelRegistration(ctx context.Context, eventID, registrationID int64) error {
	res, err := s.DB.ExecContext(ctx,
		`UPDATE registrations SET status = 'cancelled' WHERE id = $1 AND event_id = $2 AND status = 'confirmed'`,
		registrationID, eventID)
	if err != nil {
		return sqlxstore.MapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNotFound
	}
	return s.OfferSeatToWaitlist(ctx, eventID)
}

// OfferSeatToWaitlist e-mails the first waiting person a time-limited offer
// for the freed seat.
func (s *Service) OfferSeatToWaitlist(ctx context.Context, eventID int64) error {
	ev, err := s.Repo.Get(ctx, eventID)
	if err != nil {
		return err
	}
	var next sqlxstore.WaitlistEntry
	err = s.DB.GetContext(ctx, &next,
		`SELECT * FROM waitlist_entries WHERE event_id = $1 AND status = 'waiting' ORDER BY position LIMIT 1`, eventID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return sqlxstore.MapErr(err)
	}
	if err := s.sendOffer(ctx, ev, next); err != nil {
		return err
	}
	return s.markOffered(ctx, next.ID)
}

func (s *Service) sendOffer(ctx context.Context, ev sqlxstore.Event, e sqlxstore.WaitlistEntry) error {
	_, err := s.Mailer.Send(ctx, effects.Email{
		To:       e.Email,
		Subject:  "A seat opened up: " + ev.Title,
		Template: "waitlist_offer",
		Data: map[string]any{
			"title":      ev.Title,
			"expires_at": time.Now().Add(offerWindow).Format(time.RFC1123),
			"entry_id":   e.ID,
		},
	})
	if err != nil {
		return fmt.Errorf("offer mail: %w", err)
	}
	return s.Events.Publish(ctx, "events.waitlist_offered", map[string]any{"event_id": ev.ID, "entry_id": e.ID})
}

func (s *Service) markOffered(ctx context.Context, entryID int64) error {
	_, err := s.DB.ExecContext(ctx,
		`UPDATE waitlist_entries SET status = 'offered', promoted_at = now() WHERE id = $1`, entryID)
	return sqlxstore.MapErr(err)
}

// OfferSeatsAfterResize is called when an organizer raises the capacity.
// Each waiting entry is marked offered with a conditional update before it
// is mailed.
func (s *Service) OfferSeatsAfterResize(ctx context.Context, eventID int64, freed int) (int, error) {
	ev, err := s.Repo.Get(ctx, eventID)
	if err != nil {
		return 0, err
	}
	var waiting []sqlxstore.WaitlistEntry
	if err := s.DB.SelectContext(ctx, &waiting,
		`SELECT * FROM waitlist_entries WHERE event_id = $1 AND status = 'waiting' ORDER BY position LIMIT $2`,
		eventID, freed*2); err != nil {
		return 0, sqlxstore.MapErr(err)
	}
	offered := 0
	for _, e := range waiting {
		if offered == freed {
			break
		}
		res, err := s.DB.ExecContext(ctx,
			`UPDATE waitlist_entries SET status = 'offered', promoted_at = now() WHERE id = $1 AND status = 'waiting'`, e.ID)
		if err != nil {
			return offered, sqlxstore.MapErr(err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue
		}
		if err := s.sendOffer(ctx, ev, e); err != nil {
			s.Log.WarnContext(ctx, "offer", "entry", e.ID, "err", err)
		}
		offered++
	}
	return offered, nil
}
