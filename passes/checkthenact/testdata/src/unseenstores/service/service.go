package service

import (
	"context"

	"unseenstores/repo"
)

type Provider interface {
	Charge(ctx context.Context, customerRef string, amountCents int64) (string, error)
}

type Wallets interface {
	Credit(ctx context.Context, driverID, amountCents int64) error
}

type Shipment struct {
	ID         int64
	PriceCents int64
	DriverID   int64
}

type Service struct {
	Provider Provider
	Wallets  Wallets
	Payments repo.Payments
	Rewards  repo.Rewards
	Ledger   repo.Ledger
	Receipts repo.Receipts
	Stamps   repo.Stamps
	Drivers  repo.Drivers
	Crews    repo.Crews
}

// The card is charged before Record, whose implementation (in a package
// this one does not import) keeps the first payment per shipment: a
// double-clicked checkout charges twice and records once.
func (s *Service) Checkout(ctx context.Context, sh Shipment, customerRef string) error {
	chargeID, err := s.Provider.Charge(ctx, customerRef, sh.PriceCents) // want `effect before the insert: Charge runs before the conditional insert at line \d+, which keeps one row per key`
	if err != nil {
		return err
	}
	return s.Payments.Record(ctx, sh.ID, chargeID, sh.PriceCents)
}

// The wallet is credited before the reward is recorded, and the store's
// answer, whether this call made the row, is dropped.
func (s *Service) RewardInviter(ctx context.Context, sh Shipment) error {
	if err := s.Wallets.Credit(ctx, sh.DriverID, 500); err != nil { // want `effect before the insert: Credit runs before the conditional insert at line \d+`
		return err
	}
	_, err := s.Rewards.Record(ctx, sh.ID, "inviter")
	return err
}

// Near miss: the reward is recorded first, and the credit made only when
// this call made the row.
func (s *Service) RewardInvitee(ctx context.Context, sh Shipment) error {
	recorded, err := s.Rewards.Record(ctx, sh.ID, "invitee")
	if err != nil || !recorded {
		return err
	}
	return s.Wallets.Credit(ctx, sh.DriverID, 500)
}

// Near miss: the ledger's implementation inserts for every call; it keeps
// no first row to drop the second charge's.
func (s *Service) ChargeToLedger(ctx context.Context, sh Shipment, customerRef string) error {
	chargeID, err := s.Provider.Charge(ctx, customerRef, sh.PriceCents)
	if err != nil {
		return err
	}
	return s.Ledger.Append(ctx, sh.DriverID, chargeID, sh.PriceCents)
}

// Near miss: the receipt's implementation overwrites the row; a second
// caller's write is not refused.
func (s *Service) ChargeWithReceipt(ctx context.Context, sh Shipment, customerRef string) error {
	chargeID, err := s.Provider.Charge(ctx, customerRef, sh.PriceCents)
	if err != nil {
		return err
	}
	return s.Receipts.Keep(ctx, sh.ID, chargeID)
}

// Near miss: one implementation of Stamps keeps the first row, another
// (memstore's, in a file with no SQL) does not; which one main wires is
// not known, so nothing is said.
func (s *Service) ChargeAndStamp(ctx context.Context, sh Shipment, customerRef string) error {
	if _, err := s.Provider.Charge(ctx, customerRef, sh.PriceCents); err != nil {
		return err
	}
	return s.Stamps.Stamp(ctx, sh.ID)
}

// Two sign-ups of one e-mail both find no driver, and Enlist's
// implementation inserts for every call: two drivers.
func (s *Service) Onboard(ctx context.Context, email string) error {
	has, err := s.Drivers.Exists(ctx, email) // want `check-then-act race: the existence check Exists and the insert at line \d+`
	if err != nil || has {
		return err
	}
	return s.Drivers.Enlist(ctx, email)
}

// Near miss: the crew's Enlist keeps the first row per e-mail, so the
// second sign-up's insert drops its row; nothing ran between.
func (s *Service) JoinCrew(ctx context.Context, email string) error {
	has, err := s.Crews.Exists(ctx, email)
	if err != nil || has {
		return err
	}
	return s.Crews.Enlist(ctx, email)
}
