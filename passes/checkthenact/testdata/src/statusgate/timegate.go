package statusgate

import (
	"context"
	"time"
)

// A notice whose state is the time it was sent or acknowledged.
type Notice struct {
	ID       string
	To       string
	SentAt   *time.Time
	AckedAt  time.Time
	Customer *Customer
}

type Customer struct {
	Email string
}

type Notices interface {
	GetNotice(ctx context.Context, id string) (*Notice, error)
	UpdateNotice(ctx context.Context, n *Notice) error
}

type Mail interface {
	SendNotice(ctx context.Context, to string) error
}

type Notifier struct {
	notices Notices
	mail    Mail
}

// Two deliveries both see SentAt unset and both send the e-mail.
func (n *Notifier) Send(ctx context.Context, id string) error {
	nt, err := n.notices.GetNotice(ctx, id) // want `status-gate race: SentAt read here is tested, then SendNotice`
	if err != nil {
		return err
	}
	if nt.SentAt != nil {
		return nil
	}
	if err := n.mail.SendNotice(ctx, nt.To); err != nil {
		return err
	}
	now := time.Now()
	nt.SentAt = &now
	return n.notices.UpdateNotice(ctx, nt)
}

// The same with a time value tested with IsZero.
func (n *Notifier) Ack(ctx context.Context, id string) error {
	nt, err := n.notices.GetNotice(ctx, id) // want `status-gate race: AckedAt read here is tested, then SendNotice`
	if err != nil {
		return err
	}
	if !nt.AckedAt.IsZero() {
		return nil
	}
	if err := n.mail.SendNotice(ctx, nt.To); err != nil {
		return err
	}
	nt.AckedAt = time.Now()
	return n.notices.UpdateNotice(ctx, nt)
}

// Near miss: a nil test of a pointer that is not a time asks whether an
// association was loaded, not what state the record is in.
func (n *Notifier) SendToCustomer(ctx context.Context, id string) error {
	nt, err := n.notices.GetNotice(ctx, id)
	if err != nil {
		return err
	}
	if nt.Customer == nil {
		return nil
	}
	if err := n.mail.SendNotice(ctx, nt.Customer.Email); err != nil {
		return err
	}
	return n.notices.UpdateNotice(ctx, nt)
}
