package statusgate

import (
	"context"
	"errors"
)

type Listener struct {
	ID        string
	Email     string
	IsAdmin   bool
	Libraries []int
}

// Listeners is a repository whose setters say which field they write.
type Listeners interface {
	GetListener(ctx context.Context, id string) (*Listener, error)
	SetListenerLibraries(ctx context.Context, id string, libraries []int) error
	SetListenerAdmin(ctx context.Context, id string, admin bool) error
}

type Broadcaster interface {
	Broadcast(ctx context.Context, event string) error
}

var errAdminLibraries = errors.New("admins see every library")

type ListenerService struct {
	listeners Listeners
	ledger    Ledger
	events    Broadcaster
}

// Near miss: IsAdmin is a precondition (admins get every library), and
// the setter after it writes the member's libraries, as its name says,
// not IsAdmin: nothing moves from one state to another.
func (s *ListenerService) AssignLibraries(ctx context.Context, id string, libraries []int) error {
	m, err := s.listeners.GetListener(ctx, id)
	if err != nil {
		return err
	}
	if m.IsAdmin {
		return errAdminLibraries
	}
	if err := s.listeners.SetListenerLibraries(ctx, id, libraries); err != nil {
		return err
	}
	return s.events.Broadcast(ctx, "libraries:"+id)
}

// The setter of the tested field is the transition: two concurrent
// promotions both find a non-admin and both credit the welcome bonus.
func (s *ListenerService) Promote(ctx context.Context, id string) error {
	m, err := s.listeners.GetListener(ctx, id) // want `status-gate race: IsAdmin read here is tested, then Credit`
	if err != nil {
		return err
	}
	if m.IsAdmin {
		return nil
	}
	if err := s.ledger.Credit(ctx, m.ID, 500); err != nil {
		return err
	}
	return s.listeners.SetListenerAdmin(ctx, id, true)
}
