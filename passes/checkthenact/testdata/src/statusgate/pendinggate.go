package statusgate

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Pending work selected by a list query, then sent and marked one by one.

type Outbox struct {
	ID     uint
	To     string
	SentAt *int64
}

type OutboxMailer interface {
	SendEmail(to string) error
}

// Two pollers both select the unsent row, both send it, both mark it.
func flushOutbox(db *gorm.DB, mail OutboxMailer) error {
	var pending []Outbox
	if err := db.Where("sent_at IS NULL").Find(&pending).Error; err != nil { // want `status-gate race: the list read here selects records by their state \(the gate, once per element\), then SendEmail`
		return err
	}
	for _, m := range pending {
		if err := mail.SendEmail(m.To); err != nil {
			return err
		}
		if err := db.Model(&Outbox{}).Where("id = ?", m.ID).Update("sent_at", 1).Error; err != nil {
			return err
		}
	}
	return nil
}

// Near miss: each element is claimed by a conditional update first, and
// only the caller that changed the row sends.
func flushOutboxClaimed(db *gorm.DB, mail OutboxMailer) error {
	var pending []Outbox
	if err := db.Where("sent_at IS NULL").Find(&pending).Error; err != nil {
		return err
	}
	for _, m := range pending {
		res := db.Model(&Outbox{}).Where("id = ? AND sent_at IS NULL", m.ID).Update("sent_at", 1)
		if res.Error != nil || res.RowsAffected == 0 {
			continue
		}
		if err := mail.SendEmail(m.To); err != nil {
			return err
		}
	}
	return nil
}

// Near miss: the list locks its rows in the transaction that sends.
func flushOutboxLocked(db *gorm.DB, mail OutboxMailer) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var pending []Outbox
		if err := tx.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate, Options: "SKIP LOCKED"}).Where("sent_at IS NULL").Find(&pending).Error; err != nil {
			return err
		}
		for _, m := range pending {
			if err := mail.SendEmail(m.To); err != nil {
				return err
			}
			if err := tx.Model(&Outbox{}).Where("id = ?", m.ID).Update("sent_at", 1).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// Near miss: the loop writes each element's absolute state and acts on
// nothing else.
func expireOutbox(db *gorm.DB) error {
	var pending []Outbox
	if err := db.Where("sent_at IS NULL").Find(&pending).Error; err != nil {
		return err
	}
	for _, m := range pending {
		if err := db.Model(&Outbox{}).Where("id = ?", m.ID).Update("sent_at", 0).Error; err != nil {
			return err
		}
	}
	return nil
}

// Near miss: the list is picked by keys, not by a state; the loop updates
// the rows it was given.
func resendSelected(db *gorm.DB, mail OutboxMailer, ids []uint) error {
	var picked []Outbox
	if err := db.Where("id IN ?", ids).Find(&picked).Error; err != nil {
		return err
	}
	for _, m := range picked {
		if err := mail.SendEmail(m.To); err != nil {
			return err
		}
		if err := db.Model(&Outbox{}).Where("id = ?", m.ID).Update("sent_at", 1).Error; err != nil {
			return err
		}
	}
	return nil
}
