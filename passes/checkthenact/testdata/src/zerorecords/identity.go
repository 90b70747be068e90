package zerorecords

import (
	"context"
	"database/sql"
	"errors"
)

// A repository that scans a merchant field by field and forgives
// sql.ErrNoRows: a merchant not yet onboarded comes back as the zero
// Merchant, whose Name is empty. Its callers test the name, not the id.
type Merchant struct {
	ID         int64
	ExternalID string
	Name       string
}

var ErrDuplicateMerchant = errors.New("merchant exists")

type MerchantRepo struct{ db *sql.DB }

func ignoreNoRows(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	return err
}

func (r MerchantRepo) ByExternalID(ctx context.Context, externalID string) (Merchant, error) {
	var m Merchant
	err := r.db.QueryRowContext(ctx, `SELECT id, external_id, name FROM merchants WHERE external_id = $1`, externalID).Scan(&m.ID, &m.ExternalID, &m.Name)
	return m, ignoreNoRows(err)
}

func (r MerchantRepo) Create(ctx context.Context, m *Merchant) error {
	if _, err := r.db.ExecContext(ctx, `INSERT INTO merchants (external_id, name) VALUES ($1, $2)`, m.ExternalID, m.Name); err != nil {
		return ErrDuplicateMerchant
	}
	return nil
}

type Merchants interface {
	ByExternalID(ctx context.Context, externalID string) (Merchant, error)
	Create(ctx context.Context, m *Merchant) error
}

type FeeCharger interface {
	Charge(ctx context.Context, amount int64) (string, error)
}

type MerchantEvents interface {
	Publish(ctx context.Context, topic string, v any) error
}

type Onboarding struct {
	Merchants Merchants
	Fees      FeeCharger
	Events    MerchantEvents
}

// Two onboardings of one merchant both find no name, and both charge the
// fee before the insert that the second one loses.
func (o *Onboarding) Onboard(ctx context.Context, externalID, name string) (Merchant, error) {
	m, err := o.Merchants.ByExternalID(ctx, externalID) // want `check-then-act race: the existence check ByExternalID and the insert at line \d+ are separate steps, so two concurrent callers can both see it absent and both insert; Charge at line \d+ runs before the insert`
	if err != nil {
		return m, err
	}
	if m.Name != "" {
		return m, nil
	}
	if _, err := o.Fees.Charge(ctx, 100); err != nil {
		return m, err
	}
	m = Merchant{ExternalID: externalID, Name: name}
	if err := o.Merchants.Create(ctx, &m); err != nil {
		return m, err
	}
	return m, nil
}

// Near miss: nothing runs before the insert, the loser of the insert
// answers with the winner's merchant, and only the winner announces it.
// The empty name is the absence the insert settles, not a state moved by
// it.
func (o *Onboarding) Import(ctx context.Context, externalID, name string) (Merchant, error) {
	m, err := o.Merchants.ByExternalID(ctx, externalID)
	if err != nil {
		return m, err
	}
	if m.Name != "" {
		return m, nil
	}
	m = Merchant{ExternalID: externalID, Name: name}
	err = o.Merchants.Create(ctx, &m)
	if errors.Is(err, ErrDuplicateMerchant) {
		return o.Merchants.ByExternalID(ctx, externalID)
	}
	if err != nil {
		return m, err
	}
	return m, o.Events.Publish(ctx, "merchant.created", m)
}
