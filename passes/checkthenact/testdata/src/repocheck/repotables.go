package repocheck

import (
	"context"
	"errors"
)

// Repositories whose methods name no entity (Insert, FindOpenByPhone: a
// state word, then the key) touch the one their other methods name or
// their lookups return.

type Application struct {
	ID      int64
	FleetID int64
	Phone   string
}

type Applications interface {
	FindOpenByPhone(ctx context.Context, fleetID int64, phone string) (*Application, error)
	Insert(ctx context.Context, a *Application) error
}

type Invitation struct {
	ID      int64
	FleetID int64
	Phone   string
}

type Invitations interface {
	FindByPhone(ctx context.Context, fleetID int64, phone string) (*Invitation, error)
	Insert(ctx context.Context, inv *Invitation) error
}

type Texter interface {
	Send(ctx context.Context, phone, body string) error
}

type Onboarding struct {
	apps    Applications
	invites Invitations
	sms     Texter
}

var errAlreadyApplied = errors.New("already applied")

// Two submissions of one form both find no open application, and both
// open one and text the applicant.
func (o *Onboarding) Apply(ctx context.Context, fleetID int64, phone string) error {
	open, err := o.apps.FindOpenByPhone(ctx, fleetID, phone) // want `check-then-act race: the existence check FindOpenByPhone and the insert`
	if err != nil {
		return err
	}
	if open != nil {
		return errAlreadyApplied
	}
	return o.openApplication(ctx, fleetID, phone)
}

func (o *Onboarding) openApplication(ctx context.Context, fleetID int64, phone string) error {
	if err := o.apps.Insert(ctx, &Application{FleetID: fleetID, Phone: phone}); err != nil {
		return err
	}
	return o.sms.Send(ctx, phone, "we got your application")
}

// Near miss: an open application sends an invitation instead, into
// another repository's table.
func (o *Onboarding) InviteApplicant(ctx context.Context, fleetID int64, phone string) error {
	open, err := o.apps.FindOpenByPhone(ctx, fleetID, phone)
	if err != nil || open == nil {
		return err
	}
	return o.invite(ctx, fleetID, phone)
}

func (o *Onboarding) invite(ctx context.Context, fleetID int64, phone string) error {
	if err := o.invites.Insert(ctx, &Invitation{FleetID: fleetID, Phone: phone}); err != nil {
		return err
	}
	return o.sms.Send(ctx, phone, "you are invited")
}

type Booking struct {
	ID     int64
	DockID int64
	Slot   string
}

type Bookings interface {
	Get(ctx context.Context, id int64) (Booking, error)
	ListForSlot(ctx context.Context, dockID int64, slot string) ([]Booking, error)
	Insert(ctx context.Context, b *Booking) error
}

var errSlotTaken = errors.New("slot taken")

// Two customers picking one slot both find it free and both book it.
func bookSlot(ctx context.Context, bookings Bookings, dockID int64, slot string) error {
	taken, err := bookings.ListForSlot(ctx, dockID, slot) // want `check-then-act race: the existence check ListForSlot`
	if err != nil {
		return err
	}
	if len(taken) > 0 {
		return errSlotTaken
	}
	return bookings.Insert(ctx, &Booking{DockID: dockID, Slot: slot})
}

// Near miss: the slot's other bookings are returned to show beside the
// new one; nothing is decided by them.
func bookBeside(ctx context.Context, bookings Bookings, dockID int64, slot string) ([]Booking, error) {
	others, err := bookings.ListForSlot(ctx, dockID, slot)
	if err != nil {
		return nil, err
	}
	if err := bookings.Insert(ctx, &Booking{DockID: dockID, Slot: slot}); err != nil {
		return nil, err
	}
	return others, nil
}
