package putrecords

import (
	"context"
	"errors"

	"putrecords/id"
)

// The lookup sits in a helper that gathers what the request needs: the
// status and the requester's fave of it, or nil. The caller tests the
// fave and puts a new one.

type Status struct {
	ID        string
	AccountID string
	Fetched   int64
}

func (s *Status) Stale() bool { return s.Fetched == 0 }

type Fave struct {
	ID        string
	AccountID string
	StatusID  string
}

type Notification struct {
	ID        string
	AccountID string
	StatusID  string
}

type FaveDB interface {
	GetStatus(ctx context.Context, id string) (*Status, error)
	UpdateStatus(ctx context.Context, s *Status) error
	GetStatusFave(ctx context.Context, accountID, statusID string) (*Fave, error)
	PutStatusFave(ctx context.Context, f *Fave) error
	PutNotification(ctx context.Context, n *Notification) error
}

type Faves struct {
	DB FaveDB
}

func (p *Faves) getFaveable(ctx context.Context, accountID, statusID string) (*Status, *Fave, error) {
	status, err := p.DB.GetStatus(ctx, statusID)
	if err != nil {
		return nil, nil, err
	}
	if status.Stale() {
		// The helper refreshes what it gathers, so it is no lookup as a
		// whole: the lookup is the one inside it.
		if err := p.DB.UpdateStatus(ctx, status); err != nil {
			return nil, nil, err
		}
	}
	fave, err := p.DB.GetStatusFave(ctx, accountID, status.ID) // want `check-then-act race: the existence check GetStatusFave, whose record getFaveable returns to FaveCreate, and the insert PutStatusFave runs there when it is nil \(faves.go:\d+\)`
	if err != nil && !errors.Is(err, ErrNoEntries) {
		return nil, nil, err
	}
	return status, fave, nil
}

// Two faves of one status by one account both get no fave back and both
// put one.
func (p *Faves) FaveCreate(ctx context.Context, accountID, statusID string) error {
	status, existing, err := p.getFaveable(ctx, accountID, statusID)
	if err != nil {
		return err
	}
	if existing != nil {
		return nil
	}
	return p.DB.PutStatusFave(ctx, &Fave{ID: id.NewULID(), AccountID: accountID, StatusID: status.ID})
}

// lookFave gathers the same as getFaveable, for the near misses below
// (a helper's lookup is reported once, at its first racing caller).
func (p *Faves) lookFave(ctx context.Context, accountID, statusID string) (*Status, *Fave, error) {
	status, err := p.DB.GetStatus(ctx, statusID)
	if err != nil {
		return nil, nil, err
	}
	if status.Stale() {
		if err := p.DB.UpdateStatus(ctx, status); err != nil {
			return nil, nil, err
		}
	}
	fave, err := p.DB.GetStatusFave(ctx, accountID, status.ID)
	if err != nil && !errors.Is(err, ErrNoEntries) {
		return nil, nil, err
	}
	return status, fave, nil
}

// Near miss: the caller puts whatever the helper found, so no nil test
// of the returned fave gates the put (a second fave of the same status
// is a duplicate request, not a race between a check and an insert).
func (p *Faves) FaveAlways(ctx context.Context, accountID, statusID string) error {
	status, _, err := p.lookFave(ctx, accountID, statusID)
	if err != nil {
		return err
	}
	return p.DB.PutStatusFave(ctx, &Fave{ID: id.NewULID(), AccountID: accountID, StatusID: status.ID})
}

// Near miss: what runs when there is no fave is a notification, another
// table's row.
func (p *Faves) RemindToFave(ctx context.Context, accountID, statusID string) error {
	status, existing, err := p.lookFave(ctx, accountID, statusID)
	if err != nil || existing != nil {
		return err
	}
	return p.DB.PutNotification(ctx, &Notification{ID: id.NewULID(), AccountID: accountID, StatusID: status.ID})
}
