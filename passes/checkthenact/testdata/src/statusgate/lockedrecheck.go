package statusgate

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A pre-check before a helper that settles the record the careful way:
// in its own transaction it locks the payment's rows, reads again and
// writes only when nothing is settled yet (Alby Hub's
// markTransactionSettled). The caller's test only saves work.

type LnPayment struct {
	ID    uint
	Hash  string
	State string
}

type LnEvents interface {
	Publish(name string, p *LnPayment)
}

type lnPayments struct {
	db     *gorm.DB
	events LnEvents
}

// lockByHash locks the rows of a payment hash in the caller's transaction.
func lockByHash(tx *gorm.DB, hash string) error {
	var rows []LnPayment
	return tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("hash = ?", hash).Find(&rows).Error
}

// findSettled reads the settled row of the payment's hash under that
// lock.
func findSettled(tx *gorm.DB, of *LnPayment) (*LnPayment, error) {
	if err := lockByHash(tx, of.Hash); err != nil {
		return nil, err
	}
	var p LnPayment
	if tx.Where("hash = ? AND state = ?", of.Hash, "settled").Find(&p).RowsAffected > 0 {
		return &p, nil
	}
	return nil, nil
}

// markSettled writes and announces only when the locked read found the
// payment unsettled; the announcement leaves the transaction only then.
func (s *lnPayments) markSettled(p *LnPayment) error {
	var settled *LnPayment
	err := s.db.Transaction(func(tx *gorm.DB) error {
		existing, err := findSettled(tx, p)
		if err != nil || existing != nil {
			return err
		}
		if err := tx.Model(p).Update("state", "settled").Error; err != nil {
			return err
		}
		settled = p
		return nil
	})
	if err != nil {
		return err
	}
	s.announce(settled)
	return nil
}

func (s *lnPayments) announce(p *LnPayment) {
	if p != nil {
		s.events.Publish("settled", p)
	}
}

// Near miss: the pending test is a pre-check; markSettled is the gate.
func (s *lnPayments) settlePending(id uint) error {
	var p LnPayment
	if err := s.db.First(&p, id).Error; err != nil {
		return err
	}
	if p.State != "pending" {
		return errors.New("not pending")
	}
	return s.markSettled(&p)
}

// markSettledAnyway locks but never reads again: the second caller waits,
// then writes and announces as well.
func (s *lnPayments) markSettledAnyway(p *LnPayment) error {
	err := s.db.Transaction(func(tx *gorm.DB) error {
		if err := lockByHash(tx, p.Hash); err != nil {
			return err
		}
		return tx.Model(p).Update("state", "settled").Error
	})
	if err != nil {
		return err
	}
	s.events.Publish("settled", p)
	return nil
}

func (s *lnPayments) settlePendingAnyway(id uint) error {
	var p LnPayment
	if err := s.db.First(&p, id).Error; err != nil { // want `status-gate race: State read here is tested, then markSettledAnyway`
		return err
	}
	if p.State != "pending" {
		return errors.New("not pending")
	}
	return s.markSettledAnyway(&p)
}

// markSettledLoud re-checks under the lock but announces after the commit
// whatever the re-check said.
func (s *lnPayments) markSettledLoud(p *LnPayment) error {
	err := s.db.Transaction(func(tx *gorm.DB) error {
		existing, err := findSettled(tx, p)
		if err != nil || existing != nil {
			return err
		}
		return tx.Model(p).Update("state", "settled").Error
	})
	if err != nil {
		return err
	}
	s.events.Publish("settled", p)
	return nil
}

func (s *lnPayments) settlePendingLoud(id uint) error {
	var p LnPayment
	if err := s.db.First(&p, id).Error; err != nil { // want `status-gate race: State read here is tested, then markSettledLoud`
		return err
	}
	if p.State != "pending" {
		return errors.New("not pending")
	}
	return s.markSettledLoud(&p)
}
