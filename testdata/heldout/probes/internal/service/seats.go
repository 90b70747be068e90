package service

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/mail"
)

type OrgStore interface {
	Get(ctx context.Context, id int64) (domain.Org, error)
	SeatUsage(ctx context.Context, orgID int64) (members, pending int, err error)
	CreateInvitation(ctx context.Context, orgID int64, email, token string) (int64, error)
	ReserveSeat(ctx context.Context, orgID int64) (bool, error)
}

type SeatService struct {
	orgs   OrgStore
	mailer mail.Sender
}

func NewSeatService(o OrgStore, m mail.Sender) *SeatService { return &SeatService{orgs: o, mailer: m} }

func newToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *SeatService) hasFreeSeat(ctx context.Context, org domain.Org) (bool, error) {
	members, pending, err := s.orgs.SeatUsage(ctx, org.ID)
	if err != nil {
		return false, err
	}
	return members+pending < org.Seats, nil
}

// Invite sends an invitation if the plan has a seat for it.
func (s *SeatService) Invite(ctx context.Context, orgID int64, email string) error {
	org, err := s.orgs.Get(ctx, orgID)
	if err != nil {
		return err
	}
	free, err := s.hasFreeSeat(ctx, org) // L:F4b
	if err != nil {
		return err
	}
	if !free {
		return domain.ErrNoSeats
	}
	token := newToken()
	if _, err := s.orgs.CreateInvitation(ctx, orgID, email, token); err != nil {
		return err
	}
	return s.mailer.Send(ctx, email, "invite", map[string]string{"org": org.Name, "token": token})
}

// InviteV2 reserves the seat atomically.
func (s *SeatService) InviteV2(ctx context.Context, orgID int64, email string) error {
	org, err := s.orgs.Get(ctx, orgID)
	if err != nil {
		return err
	}
	ok, err := s.orgs.ReserveSeat(ctx, orgID) // L:F4b-safe
	if err != nil {
		return err
	}
	if !ok {
		return domain.ErrNoSeats
	}
	token := newToken()
	if _, err := s.orgs.CreateInvitation(ctx, orgID, email, token); err != nil {
		return fmt.Errorf("seat reserved but invitation failed: %w", err)
	}
	return s.mailer.Send(ctx, email, "invite", map[string]string{"org": org.Name, "token": token})
}
