// Package swallowedduplicates holds inserts used to pick one caller whose
// unique violation is tested only to be let through.
package swallowedduplicates

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"strings"
)

type Gateway interface {
	Charge(ctx context.Context, customer string, cents int64) (string, error)
}

type Mailer interface {
	Send(ctx context.Context, to, template string) error
}

func isUniqueViolation(err error) bool {
	return err != nil && strings.Contains(err.Error(), "23505")
}

type Invoices struct {
	db      *sql.DB
	gateway Gateway
	mailer  Mailer
}

// The duplicate's violation joins the success path: both callers charge.
func (s *Invoices) Charge(ctx context.Context, invoiceID int64, customer string, cents int64) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO invoice_payments (invoice_id, status) VALUES ($1, 'processing')`, invoiceID) // want `swallowed duplicate: this insert's unique violation is let through, so a caller that lost it goes on to Charge at line \d+`
	if err != nil && !isUniqueViolation(err) {
		return err
	}
	id, err := s.gateway.Charge(ctx, customer, cents)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE invoice_payments SET status = 'paid', charge_id = $2 WHERE invoice_id = $1`, invoiceID, id)
	return err
}

// The violation is logged and the welcome mail sent anyway.
func (s *Invoices) Welcome(ctx context.Context, email string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO welcomes (email) VALUES ($1)`, email) // want `swallowed duplicate: this insert's unique violation is let through, so a caller that lost it goes on to Send at line \d+`
	if isUniqueViolation(err) {
		log.Printf("welcome for %s already recorded", email)
	} else if err != nil {
		return err
	}
	return s.mailer.Send(ctx, email, "welcome")
}

var errPaid = errors.New("invoice already being paid")

// Near miss: the violation answers the duplicate; only the winner
// charges.
func (s *Invoices) ChargeOnce(ctx context.Context, invoiceID int64, customer string, cents int64) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO invoice_payments (invoice_id, status) VALUES ($1, 'processing')`, invoiceID)
	if isUniqueViolation(err) {
		return errPaid
	}
	if err != nil {
		return err
	}
	_, err = s.gateway.Charge(ctx, customer, cents)
	return err
}

// Near miss: a duplicate item is skipped; the mail after it is the next
// item's, whose own insert picks its winner.
func (s *Invoices) WelcomeAll(ctx context.Context, emails []string) error {
	for _, email := range emails {
		_, err := s.db.ExecContext(ctx, `INSERT INTO welcomes (email) VALUES ($1)`, email)
		if isUniqueViolation(err) {
			continue
		}
		if err != nil {
			return err
		}
		if err := s.mailer.Send(ctx, email, "welcome"); err != nil {
			return err
		}
	}
	return nil
}

// Near miss: the violation's arm reads the stored payment and sends its
// receipt again: the loser answers with the winner's outcome.
func (s *Invoices) ChargeOrResend(ctx context.Context, invoiceID int64, customer, email string, cents int64) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO invoice_payments (invoice_id, status) VALUES ($1, 'processing')`, invoiceID)
	if isUniqueViolation(err) {
		var status string
		if err := s.db.QueryRowContext(ctx, `SELECT status FROM invoice_payments WHERE invoice_id = $1`, invoiceID).Scan(&status); err != nil {
			return err
		}
		if status == "paid" {
			return s.mailer.Send(ctx, email, "receipt")
		}
		return errPaid
	}
	if err != nil {
		return err
	}
	_, err = s.gateway.Charge(ctx, customer, cents)
	return err
}
