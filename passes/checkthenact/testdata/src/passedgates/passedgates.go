// Package passedgates is the controller layer: it loads records and
// passes them to package service, which tests their state.
package passedgates

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"passedgates/service"
)

// The controller reads the ticket without a lock: two requests both pass
// BookTicket's test and both take a seat.
func BookHandler(db *gorm.DB, id uint) error {
	var t service.Ticket
	if err := db.First(&t, id).Error; err != nil { // want `status-gate race: State read here is passed to service.BookTicket and tested there, then Create \(service.go:31\) and the state write Save \(service.go:35\) are separate steps`
		return err
	}
	return service.BookTicket(db, &t)
}

// The same through a method.
func BookMethodHandler(s *service.Tickets, id uint) error {
	var t service.Ticket
	if err := s.DB.First(&t, id).Error; err != nil { // want `status-gate race: State read here is passed to service.Book and tested there`
		return err
	}
	return s.Book(&t)
}

// Near miss: the caller locks the row in the transaction it passes on.
func BookHandlerLocked(db *gorm.DB, id uint) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var t service.Ticket
		if err := tx.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate}).First(&t, id).Error; err != nil {
			return err
		}
		return service.BookTicket(tx, &t)
	})
}

// Near miss: the callee's gate has no non-idempotent act.
func SeenHandler(db *gorm.DB, id uint) error {
	var t service.Ticket
	if err := db.First(&t, id).Error; err != nil {
		return err
	}
	return service.MarkTicketSeen(db, &t)
}

// Near miss: the record is built from the request, not read: there is
// no stored state to race on.
func BookFromRequest(db *gorm.DB, id uint) error {
	return service.BookTicket(db, &service.Ticket{ID: id, State: "created"})
}

// Near miss: the callee's act and state write are one helper call.
func ResetHandler(db *gorm.DB, id uint) error {
	var t service.Ticket
	if err := db.First(&t, id).Error; err != nil {
		return err
	}
	return service.ResetFailures(db, &t)
}
