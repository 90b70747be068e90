// Package gormack holds gorm consumers.
package gormack

import (
	"github.com/nats-io/nats.go"
	"gorm.io/gorm"
)

type Order struct{ ID string }

// InTransaction acks inside gorm's Transaction callback.
func InTransaction(db *gorm.DB, m *nats.Msg) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Order{ID: string(m.Data)}).Error; err != nil {
			return err
		}
		return m.Ack() // want `message acknowledged inside the transaction callback`
	})
}

// AfterTransaction is the near miss.
func AfterTransaction(db *gorm.DB, m *nats.Msg) error { // want AfterTransaction:"acks Msg.AckSync"
	if err := db.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Order{ID: string(m.Data)}).Error
	}); err != nil {
		return m.Nak()
	}
	return m.AckSync()
}

// TermInTransaction is a near miss: Term drops the message on purpose.
func TermInTransaction(db *gorm.DB, m *nats.Msg) error {
	return db.Transaction(func(tx *gorm.DB) error {
		tx.Create(&Order{ID: "poison"})
		return m.Term()
	})
}
