package pgstore

import (
	"context"
	"database/sql"
)

type Payments struct{ DB *sql.DB }

// Record keeps one payment per shipment: a second caller's row is
// dropped without an error.
func (s Payments) Record(ctx context.Context, shipmentID int64, chargeRef string, amount int64) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO shipment_payments (shipment_id, charge_ref, amount_cents)
		VALUES ($1, $2, $3) ON CONFLICT (shipment_id) DO NOTHING`, shipmentID, chargeRef, amount)
	return err
}

func (s Payments) Paid(ctx context.Context, shipmentID int64) (bool, error) {
	var paid bool
	err := s.DB.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM shipment_payments WHERE shipment_id = $1)`, shipmentID).Scan(&paid)
	return paid, err
}

type Rewards struct{ DB *sql.DB }

func (s *Rewards) Record(ctx context.Context, referralID int64, side string) (bool, error) {
	res, err := s.DB.ExecContext(ctx, "INSERT INTO referral_rewards (referral_id, side) VALUES ($1, $2) "+
		"ON CONFLICT (referral_id, side) DO NOTHING", referralID, side)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

type Ledger struct{ DB *sql.DB }

// Append adds an entry for every call: nothing is kept first.
func (s Ledger) Append(ctx context.Context, accountID int64, chargeRef string, amount int64) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO ledger_entries (account_id, charge_ref, amount_cents) VALUES ($1, $2, $3)`, accountID, chargeRef, amount)
	return err
}

type Receipts struct{ DB *sql.DB }

// Keep overwrites: the last caller's receipt stands.
func (s Receipts) Keep(ctx context.Context, orderID int64, chargeRef string) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO receipts (order_id, charge_ref) VALUES ($1, $2)
		ON CONFLICT (order_id) DO UPDATE SET charge_ref = EXCLUDED.charge_ref`, orderID, chargeRef)
	return err
}

type Audit struct{ DB *sql.DB }

// Record of another shape (an audit line per call) is not the payments'
// or the rewards' Record: its parameters do not count as theirs.
func (a Audit) Record(ctx context.Context, line string) error {
	_, err := a.DB.ExecContext(ctx, `INSERT INTO audit_log (line) VALUES ($1)`, line)
	return err
}

type Journal struct{ DB *sql.DB }

// Record of the same shape on a type that is no Payments (it has no
// Paid): a journal line per call, which says nothing of what the
// payments' Record does.
func (j Journal) Record(ctx context.Context, accountID int64, memo string, amount int64) error {
	_, err := j.DB.ExecContext(ctx, `INSERT INTO journal (account_id, memo, amount_cents) VALUES ($1, $2, $3)`, accountID, memo, amount)
	return err
}

type Stamps struct{ DB *sql.DB }

func (s Stamps) Stamp(ctx context.Context, shipmentID int64) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO stamps (shipment_id) VALUES ($1) ON CONFLICT DO NOTHING`, shipmentID)
	return err
}

type Drivers struct{ DB *sql.DB }

func (s Drivers) Exists(ctx context.Context, email string) (bool, error) {
	var has bool
	err := s.DB.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM drivers WHERE email = $1)`, email).Scan(&has)
	return has, err
}

// Enlist inserts for every call.
func (s Drivers) Enlist(ctx context.Context, email string) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO drivers (email) VALUES ($1)`, email)
	return err
}

func (s Drivers) Licence(ctx context.Context, email string) (string, error) {
	var licence string
	err := s.DB.QueryRowContext(ctx, `SELECT licence FROM drivers WHERE email = $1`, email).Scan(&licence)
	return licence, err
}

type Crews struct{ DB *sql.DB }

func (s Crews) Exists(ctx context.Context, email string) (bool, error) {
	var has bool
	err := s.DB.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM crew_members WHERE email = $1)`, email).Scan(&has)
	return has, err
}

// Enlist keeps the first row per e-mail.
func (s Crews) Enlist(ctx context.Context, email string) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO crew_members (email) VALUES ($1) ON CONFLICT (email) DO NOTHING`, email)
	return err
}

func (s Crews) Roster(ctx context.Context) ([]string, error) {
	return nil, nil
}
