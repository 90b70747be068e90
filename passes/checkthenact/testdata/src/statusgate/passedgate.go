package statusgate

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// The record is loaded by a caller (a controller) and passed to the
// function that tests its state, acts and writes it back.

type Ticket struct {
	ID     uint
	State  string
	Amount int64
}

type Seat struct {
	ID       uint
	TicketID uint
}

var errNotCreated = errors.New("ticket is not in state created")

// bookTicket tests the state of a ticket its caller read.
func bookTicket(db *gorm.DB, t *Ticket) error {
	if t.State != "created" {
		return errNotCreated
	}
	if err := db.Create(&Seat{TicketID: t.ID}).Error; err != nil {
		return err
	}
	t.State = "booked"
	return db.Save(t).Error
}

// The controller reads the ticket without a lock: two requests both pass
// bookTicket's test and both take a seat.
func BookHandler(db *gorm.DB, id uint) error {
	var t Ticket
	if err := db.First(&t, id).Error; err != nil { // want `status-gate race: State read here is passed to bookTicket and tested there, then Create at line 31 and the state write at line 35`
		return err
	}
	return bookTicket(db, &t)
}

// Near miss: the caller locks the row in the transaction it passes on.
func BookHandlerLocked(db *gorm.DB, id uint) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var t Ticket
		if err := tx.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate}).First(&t, id).Error; err != nil {
			return err
		}
		return bookTicket(tx, &t)
	})
}

// markTicketSeen writes only absolute values: no act to double.
func markTicketSeen(db *gorm.DB, t *Ticket) error {
	if t.State != "created" {
		return nil
	}
	t.State = "seen"
	return db.Save(t).Error
}

// Near miss: the callee's gate has no non-idempotent act.
func SeenHandler(db *gorm.DB, id uint) error {
	var t Ticket
	if err := db.First(&t, id).Error; err != nil {
		return err
	}
	return markTicketSeen(db, &t)
}

// Near miss: the record is built from the request, not read: there is
// no stored state to race on.
func BookFromRequest(db *gorm.DB, id uint) error {
	return bookTicket(db, &Ticket{ID: id, State: "created"})
}

// Comment is edited in place; its Type says what it is.
type Comment struct {
	ID      uint
	Type    string
	Content string
}

type Hook struct {
	ID        uint
	CommentID uint
}

// saveComment saves the comment and queues a webhook for the edit.
func saveComment(db *gorm.DB, c *Comment) error {
	if err := db.Save(c).Error; err != nil {
		return err
	}
	return db.Create(&Hook{CommentID: c.ID}).Error
}

// Near miss: the test is of the comment's kind, which no edit changes;
// each edit is its own event and queues its own webhook.
func EditComment(db *gorm.DB, id uint, body string) error {
	var c Comment
	if err := db.First(&c, id).Error; err != nil {
		return err
	}
	if c.Type != "comment" {
		return nil
	}
	c.Content = body
	return saveComment(db, &c)
}

// Near miss: the field tested holds the request's new content, stored
// over the row's before the test; no state of the row is tested.
func EditCommentContent(db *gorm.DB, id uint, body string) error {
	var c Comment
	if err := db.First(&c, id).Error; err != nil {
		return err
	}
	c.Content = body
	if c.Content == "" {
		return nil
	}
	return saveComment(db, &c)
}
