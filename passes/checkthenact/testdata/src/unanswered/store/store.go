// Package store maps unique violations to sentinels and leaves the
// answer to the layers above it (unanswered/service, unanswered/api,
// unanswered/consumer), which only the module's text shows it.
package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

var (
	// ErrExists is answered for bookings, and for shipments by no one.
	ErrExists = errors.New("already exists")
	// ErrCodeTaken is answered by the API's error table.
	ErrCodeTaken = errors.New("code taken")
	// ErrDeviceKnown is answered by the consumer's ackable helper.
	ErrDeviceKnown = errors.New("device known")
)

func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

type Shipments struct{ DB *sql.DB }

// Create's ErrExists reaches the API's writeError, which has no case for
// it: a merchant's retry gets a 500 for the shipment it created.
func (s Shipments) Create(ctx context.Context, ref string) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO shipments (client_ref) VALUES ($1)`, ref)
	if isUniqueViolation(err) {
		return ErrExists // want `unanswered duplicate: Create turns the unique violation of the insert at line \d+ into store.ErrExists, and no caller tests it \(Service.CreateShipment`
	}
	return err
}

type Bookings struct{ DB *sql.DB }

// Near miss: the same sentinel, which the bookings service answers with
// success; the shipments service's call of its own Create is no answer
// for this one, nor this one for that.
func (b Bookings) Create(ctx context.Context, ref string) error {
	_, err := b.DB.ExecContext(ctx, `INSERT INTO bookings (client_ref) VALUES ($1)`, ref)
	if isUniqueViolation(err) {
		return ErrExists
	}
	return err
}

type Invoices struct{ DB *sql.DB }

// issue is a helper that maps the violation; IssueFor hands it on to the
// monthly run, which stops at the first merchant already invoiced.
func (v Invoices) issue(ctx context.Context, merchant int64) error {
	_, err := v.DB.ExecContext(ctx, `INSERT INTO invoices (merchant_id, period) VALUES ($1, date_trunc('month', now()))`, merchant)
	if isUniqueViolation(err) {
		return ErrExists // want `unanswered duplicate: issue turns the unique violation of the insert at line \d+ into store.ErrExists, and no caller tests it \(Service.IssueMonthly`
	}
	return err
}

func (v Invoices) IssueFor(ctx context.Context, merchant int64) error {
	return v.issue(ctx, merchant)
}

type Coupons struct{ DB *sql.DB }

// Near miss: ErrCodeTaken is in the API's table of answers.
func (c Coupons) Issue(ctx context.Context, code string) error {
	_, err := c.DB.ExecContext(ctx, `INSERT INTO coupons (code) VALUES ($1)`, code)
	if isUniqueViolation(err) {
		return ErrCodeTaken
	}
	return err
}

type Devices struct{ DB *sql.DB }

// Near miss: the consumer's ackable helper tests ErrDeviceKnown.
func (d Devices) Register(ctx context.Context, token string) error {
	_, err := d.DB.ExecContext(ctx, `INSERT INTO devices (token) VALUES ($1)`, token)
	if isUniqueViolation(err) {
		return ErrDeviceKnown
	}
	return err
}

type Tokens struct{ DB *sql.DB }

// Issue maps the violation inside a transaction it rolls back on the way
// out: the deferred call does not answer the duplicate.
func (t Tokens) Issue(ctx context.Context, owner string) error {
	tx, err := t.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, `INSERT INTO tokens (owner) VALUES ($1)`, owner)
	if isUniqueViolation(err) {
		return ErrExists // want `unanswered duplicate: Issue turns the unique violation`
	}
	if err != nil {
		return err
	}
	return tx.Commit()
}
