package ledgers

import (
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Invoice is paid once: an open invoice is settled by crediting its
// owner.
type Invoice struct {
	ID     int64
	UserID int64
	Amount int64
	State  string
}

// LedgerEntry is one line of the ledger; schema.sql declares one
// entry of each type per invoice.
type LedgerEntry struct {
	ID        int64
	InvoiceID int64
	UserID    int64
	EntryType string
	Amount    int64
}

// CreditNote has no unique key but its id.
type CreditNote struct {
	ID        int64
	InvoiceID int64
	Amount    int64
}

// Near miss: two payers both find the invoice open, but the second
// credit clashes with the first on (invoice_id, entry_type): the
// recipient is credited once (lndhub's internal payment).
func settleInternal(db *gorm.DB, id int64) error {
	var inv Invoice
	if err := db.Where("id = ? AND state = ?", id, "open").First(&inv).Error; err != nil {
		return err
	}
	entry := LedgerEntry{InvoiceID: inv.ID, UserID: inv.UserID, EntryType: "incoming", Amount: inv.Amount}
	if err := db.Create(&entry).Error; err != nil {
		return err
	}
	inv.State = "settled"
	return db.Save(&inv).Error
}

// The same gate in front of a table whose rows nothing keeps unique:
// both payers issue a credit note.
func settleWithNote(db *gorm.DB, id int64) error {
	var inv Invoice
	if err := db.Where("id = ? AND state = ?", id, "open").First(&inv).Error; err != nil { // want `status-gate race: the record read here is found by its state`
		return err
	}
	note := CreditNote{InvoiceID: inv.ID, Amount: inv.Amount}
	if err := db.Create(&note).Error; err != nil {
		return err
	}
	inv.State = "settled"
	return db.Save(&inv).Error
}

// Payout's unique key takes a reference minted per call: the two twins
// store different keys and both pay out.
type Payout struct {
	ID        int64
	InvoiceID int64
	Reference string
	Amount    int64
}

func settleByPayout(db *gorm.DB, id int64) error {
	var inv Invoice
	if err := db.Where("id = ? AND state = ?", id, "open").First(&inv).Error; err != nil { // want `status-gate race: the record read here is found by its state`
		return err
	}
	payout := Payout{InvoiceID: inv.ID, Reference: uuid.NewString(), Amount: inv.Amount}
	if err := db.Create(&payout).Error; err != nil {
		return err
	}
	inv.State = "settled"
	return db.Save(&inv).Error
}
