package summaries

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Helpers that settle a record under their own lock: the read helper
// reads under the lock it takes (lockedread), the settling helper writes
// only on that read's outcome (rechecks).

type Transfer struct {
	ID    uint
	Hash  string
	State string
}

type TransferCredit struct {
	TransferID uint
}

func lockTransfers(tx *gorm.DB, hash string) error { // want lockTransfers:"locks=true"
	var rows []Transfer
	return tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("hash = ?", hash).Find(&rows).Error
}

func findSettledTransfer(tx *gorm.DB, t *Transfer) (*Transfer, error) { // want findSettledTransfer:" lockedread$"
	if err := lockTransfers(tx, t.Hash); err != nil {
		return nil, err
	}
	var found Transfer
	if tx.Where("hash = ? AND state = ?", t.Hash, "settled").Find(&found).RowsAffected > 0 {
		return &found, nil
	}
	return nil, nil
}

// Near miss: the read runs before the lock.
func findSettledThenLock(tx *gorm.DB, t *Transfer) (*Transfer, error) { // want findSettledThenLock:"saves=-1$"
	var found Transfer
	n := tx.Where("hash = ? AND state = ?", t.Hash, "settled").Find(&found).RowsAffected
	if err := lockTransfers(tx, t.Hash); err != nil {
		return nil, err
	}
	if n > 0 {
		return &found, nil
	}
	return nil, nil
}

func settleTransfer(db *gorm.DB, t *Transfer) error { // want settleTransfer:" rechecks$" settleTransfer:"^assigns 1: columns$"
	return db.Transaction(func(tx *gorm.DB) error {
		existing, err := findSettledTransfer(tx, t)
		if err != nil || existing != nil {
			return err
		}
		return tx.Model(t).Update("state", "settled").Error
	})
}

// Near miss: the write runs whatever the locked read said.
func settleTransferAnyway(db *gorm.DB, t *Transfer) error { // want settleTransferAnyway:"saves=1$" settleTransferAnyway:"^assigns 1: columns$"
	return db.Transaction(func(tx *gorm.DB) error {
		if _, err := findSettledTransfer(tx, t); err != nil {
			return err
		}
		return tx.Model(t).Update("state", "settled").Error
	})
}

// Near miss: an insert after a locked read of absent rows: the lock found
// nothing to hold.
func creditTransfer(db *gorm.DB, t *Transfer) error { // want creditTransfer:"saves=-1$"
	return db.Transaction(func(tx *gorm.DB) error {
		existing, err := findSettledTransfer(tx, t)
		if err != nil || existing != nil {
			return err
		}
		return tx.Create(&TransferCredit{TransferID: t.ID}).Error
	})
}

// A caller whose only write is a rechecking helper's rechecks as well.
func settleByID(db *gorm.DB, id uint) error { // want settleByID:" rechecks$"
	var t Transfer
	if err := db.First(&t, id).Error; err != nil {
		return err
	}
	return settleTransfer(db, &t)
}
