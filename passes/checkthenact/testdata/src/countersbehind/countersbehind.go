// Package countersbehind spends budgets kept behind the service's own
// interfaces: an OTP budget per phone, a label quota per tenant.
package countersbehind

import (
	"context"
	"errors"
)

var ErrQuota = errors.New("quota exceeded")

type OTPBudget interface {
	Sent(ctx context.Context, phone string) (int, error)
	Record(ctx context.Context, phone string) error
	Take(ctx context.Context, phone string) error
}

type Texter interface {
	SendCode(ctx context.Context, phone, code string) error
}

type Devices struct {
	OTP    OTPBudget
	Texter Texter
	Max    int
}

// Concurrent resends all read the same count, all pass and all text.
func (d *Devices) Resend(ctx context.Context, phone string) error {
	sent, err := d.OTP.Sent(ctx, phone) // want `limit race: the count Sent is compared with a limit at line \d+, then SendCode at line \d+ acts and Record at line \d+ adds to the count in a separate step`
	if err != nil {
		return err
	}
	if sent >= d.Max {
		return ErrQuota
	}
	if err := d.Texter.SendCode(ctx, phone, "123456"); err != nil {
		return err
	}
	return d.OTP.Record(ctx, phone)
}

// Near miss: the budget is taken first, in one step that says whether
// any was left.
func (d *Devices) SendLogin(ctx context.Context, phone string) error {
	if err := d.OTP.Take(ctx, phone); err != nil {
		return err
	}
	return d.Texter.SendCode(ctx, phone, "123456")
}

// Near miss: the count is recorded for another key than the one read
// (the account's, not the phone's): no counter is read and added to.
func (d *Devices) ResendForAccount(ctx context.Context, phone, account string) error {
	sent, err := d.OTP.Sent(ctx, phone)
	if err != nil {
		return err
	}
	if sent >= d.Max {
		return ErrQuota
	}
	if err := d.Texter.SendCode(ctx, phone, "123456"); err != nil {
		return err
	}
	return d.OTP.Record(ctx, account)
}

type LabelQuota interface {
	LabelsUsed(ctx context.Context, tenant int64, day string) (int64, error)
	AddLabel(ctx context.Context, tenant int64, day string) error
}

type Carrier interface {
	BuyLabel(ctx context.Context, orderID int64) (string, error)
}

type Shipping struct {
	Quota   LabelQuota
	Carrier Carrier
}

// A label budget per tenant and day, read, spent on a bought label, then
// added to.
func (s *Shipping) Ship(ctx context.Context, tenant, orderID, limit int64, day string) error {
	used, err := s.Quota.LabelsUsed(ctx, tenant, day) // want `limit race: the count LabelsUsed is compared with a limit at line \d+, then BuyLabel at line \d+ acts and AddLabel at line \d+ adds to the count`
	if err != nil {
		return err
	}
	if used >= limit {
		return ErrQuota
	}
	if _, err := s.Carrier.BuyLabel(ctx, orderID); err != nil {
		return err
	}
	return s.Quota.AddLabel(ctx, tenant, day)
}

// Near miss: the count is only shown; nothing acts under the limit.
func (s *Shipping) Remaining(ctx context.Context, tenant, limit int64, day string) (int64, error) {
	used, err := s.Quota.LabelsUsed(ctx, tenant, day)
	if err != nil {
		return 0, err
	}
	if used >= limit {
		return 0, nil
	}
	return limit - used, s.Quota.AddLabel(ctx, tenant, day)
}

func today() string { return "2026-12-05" }

type Shipments struct {
	Quota   LabelQuota
	Carrier Carrier
	Saved   map[int64]string
}

// The act is a helper of the service that buys the label and keeps its
// tracking number, and the day is computed again for the addition.
func (s *Shipments) ShipFree(ctx context.Context, tenant, orderID, limit int64) error {
	used, err := s.Quota.LabelsUsed(ctx, tenant, today()) // want `limit race: the count LabelsUsed is compared with a limit at line \d+, then shipExpress at line \d+ acts and AddLabel at line \d+ adds to the count`
	if err != nil {
		return err
	}
	if used >= limit {
		return ErrQuota
	}
	if err := s.shipExpress(ctx, orderID); err != nil {
		return err
	}
	return s.Quota.AddLabel(ctx, tenant, today())
}

func (s *Shipments) shipExpress(ctx context.Context, orderID int64) error {
	tracking, err := s.Carrier.BuyLabel(ctx, orderID)
	if err != nil {
		return err
	}
	s.Saved[orderID] = tracking
	return nil
}
