// Package service tests the state of records its callers, in another
// package, load and pass in.
package service

import (
	"errors"

	"gorm.io/gorm"
)

type Ticket struct {
	ID       uint
	State    string
	Amount   int64
	Failures int
}

type Seat struct {
	ID       uint
	TicketID uint
}

var ErrNotCreated = errors.New("ticket is not in state created")

// BookTicket tests the state of the ticket its caller read, takes a seat
// and writes the state back: the gate's act and write, without the read.
func BookTicket(db *gorm.DB, t *Ticket) error {
	if t.State != "created" {
		return ErrNotCreated
	}
	if err := db.Create(&Seat{TicketID: t.ID}).Error; err != nil {
		return err
	}
	t.State = "booked"
	return db.Save(t).Error
}

// MarkTicketSeen writes only absolute values: no act to double.
func MarkTicketSeen(db *gorm.DB, t *Ticket) error {
	if t.State != "created" {
		return nil
	}
	t.State = "seen"
	return db.Save(t).Error
}

type Tickets struct{ DB *gorm.DB }

// Book is BookTicket as a method: the record is its first parameter
// after the receiver.
func (s *Tickets) Book(t *Ticket) error {
	return BookTicket(s.DB, t)
}

// ResetFailures resets a counter through one helper that saves the
// ticket and, on a path of its own, takes a seat: only the helper's
// summary says it acts, too coarse to carry to another package.
func ResetFailures(db *gorm.DB, t *Ticket) error {
	if t.Failures == 0 {
		return nil
	}
	t.Failures = 0
	return saveTicket(db, t)
}

func saveTicket(db *gorm.DB, t *Ticket) error {
	if err := db.Save(t).Error; err != nil {
		return err
	}
	if t.State == "reissued" {
		return db.Create(&Seat{TicketID: t.ID}).Error
	}
	return nil
}
