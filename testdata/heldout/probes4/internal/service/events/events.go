// Package events registers customers for in-store events and workshop
// sessions.
package events

import (
	"context"
	"crypto/rand"
	"errors"
	"strings"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var ErrAlreadyRegistered = errors.New("events: already registered")

type Service struct {
	events store.EventStore
	mail   mailer.Mailer
}

func New(e store.EventStore, m mailer.Mailer) *Service { return &Service{events: e, mail: m} }

func newTicketCode() string {
	return strings.ToUpper(rand.Text()[:10])
}

// Register books a place at an event. The ticket is mailed first so that a
// registration never exists without the customer holding its ticket.
func (s *Service) Register(ctx context.Context, eventID int64, u domain.User) (string, error) {
	registered, err := s.events.IsRegistered(ctx, eventID, u.ID)
	if err != nil {
		return "", err
	}
	if registered {
		return "", ErrAlreadyRegistered
	}
	ev, err := s.events.Get(ctx, eventID)
	if err != nil {
		return "", err
	}
	ticket := newTicketCode()
	if err := s.sendTicket(ctx, u, ev, ticket); err != nil {
		return "", err
	}
	err = s.events.InsertRegistration(ctx, &domain.Registration{EventID: eventID, UserID: u.ID, TicketCode: ticket})
	if errors.Is(err, store.ErrDuplicate) {
		return ticket, nil
	}
	return ticket, err
}

func (s *Service) sendTicket(ctx context.Context, u domain.User, ev domain.Event, ticket string) error {
	return s.mail.Send(ctx, mailer.Message{To: u.Email, Template: "event-ticket", Data: map[string]any{
		"event": ev.Title, "venue": ev.Venue, "starts_at": ev.StartsAt, "ticket": ticket,
	}})
}

// JoinSession books a seat in a workshop session.
func (s *Service) JoinSession(ctx context.Context, sessionID int64, u domain.User) (string, error) {
	has, err := s.events.HasSeat(ctx, sessionID, u.ID)
	if err != nil {
		return "", err
	}
	if has {
		return "", ErrAlreadyRegistered
	}
	seat := domain.SessionSeat{SessionID: sessionID, UserID: u.ID, SeatCode: newTicketCode()}
	if err := s.events.InsertSeat(ctx, seat); err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			return "", ErrAlreadyRegistered
		}
		return "", err
	}
	return seat.SeatCode, s.mail.Send(ctx, mailer.Message{To: u.Email, Template: "session-seat", Data: map[string]any{"seat": seat.SeatCode}})
}
