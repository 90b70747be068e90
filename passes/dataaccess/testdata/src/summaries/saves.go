package summaries

import "gorm.io/gorm"

// Helpers a status gate calls with the record it read: the fact says which
// parameter's record the body writes back (saves=) and whether a second
// run does more than the first (nonidempotent=) and whether it writes again
// (doubles=).

type Invoice struct {
	ID     uint
	State  string
	Amount int64
}

type CreditNote struct {
	ID     uint
	Amount int64
}

type Account struct {
	ID        uint
	Plan      string
	Followers int64
}

// Inserts a credit note, then saves the invoice it was passed.
func closeInvoice(db *gorm.DB, inv *Invoice) error { // want closeInvoice:"nonidempotent=true doubles=true saves=1 bysave$" closeInvoice:"assigns 1:State$"
	if err := db.Create(&CreditNote{Amount: inv.Amount}).Error; err != nil {
		return err
	}
	inv.State = "paid"
	return db.Save(inv).Error
}

// Saves it through closeInvoice, two calls down.
func settleInvoice(db *gorm.DB, inv *Invoice) error { // want settleInvoice:"nonidempotent=true doubles=true saves=1 bysave$" settleInvoice:"assigns 1:State$"
	if inv.Amount == 0 {
		return nil
	}
	return closeInvoice(db, inv)
}

// Near miss: the write of the invoice is guarded by its old state, and
// the other write sets an absolute value.
func upgradeGuarded(db *gorm.DB, inv *Invoice, plan string) error { // want upgradeGuarded:"nonidempotent=false doubles=false saves=-1$"
	res := db.Model(inv).Where("state = ?", "open").Update("state", "paid")
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return db.Model(&Account{}).Where("id = ?", inv.ID).Update("plan", plan).Error
}

// A relative update of another row is not idempotent.
func unfollow(db *gorm.DB, id uint) error { // want unfollow:"nonidempotent=true doubles=true saves=-1$"
	return db.Model(&Account{}).Where("id = ?", id).UpdateColumn("followers", gorm.Expr("followers - ?", 1)).Error
}

// The invoice passed by value: the body saves its own copy, which its
// caller read.
func settleInvoiceCopy(db *gorm.DB, inv Invoice) error { // want settleInvoiceCopy:"saves=1 bysave$" settleInvoiceCopy:"assigns 1:State$"
	inv.State = "settled"
	return db.Save(&inv).Error
}

// Near miss: a new invoice built from the one passed, saved in its place.
func reissueInvoice(db *gorm.DB, inv Invoice) error { // want reissueInvoice:"saves=-1$"
	next := Invoice{Amount: inv.Amount, State: "open"}
	return db.Save(&next).Error
}

// Near miss: the copy's fields set an update of its table; what it writes
// back is what the caller read, unless the caller changed it.
func updateInvoiceFields(db *gorm.DB, inv Invoice) error { // want updateInvoiceFields:"saves=-1$" updateInvoiceFields:"assigns 1: columns$"
	return db.Exec("UPDATE invoices SET state = ?, amount = ? WHERE id = ?", inv.State, inv.Amount, inv.ID).Error
}

// Writes the loaded invoice back whole: gorm's Save of a row with its key
// is an upsert every caller performs, so the helper is an update for its
// callers, not a conditional insert that picks a winner.
func reopenInvoice(db *gorm.DB, inv *Invoice) error { // want reopenInvoice:"^update .*saves=1 bysave$" reopenInvoice:"assigns 1:State$"
	inv.State = "open"
	return db.Save(inv).Error
}

// A copy handed on by value to a helper that assigns and saves it: the
// row this helper saves gets State, two calls down.
func closeCopy(db *gorm.DB, inv Invoice) error { // want closeCopy:"saves=1 bysave$" closeCopy:"assigns 1:State$"
	return saveClosedCopy(db, inv)
}

func saveClosedCopy(db *gorm.DB, inv Invoice) error { // want saveClosedCopy:"saves=1 bysave$" saveClosedCopy:"assigns 1:State$"
	inv.State = "closed"
	return db.Save(&inv).Error
}

// Near miss: the helper assigns its copy and saves nothing, so the
// caller's copy gains nothing from it.
func closeCopyUnsaved(inv Invoice) string {
	return describeClosed(inv)
}

func describeClosed(inv Invoice) string { // want describeClosed:"assigns 0:State$"
	inv.State = "closed"
	return inv.State
}

// Near miss for bysave: Updates writes the row the record's key names and
// inserts nothing when the key is zero.
func touchInvoice(db *gorm.DB, inv *Invoice) error { // want touchInvoice:"saves=1$" touchInvoice:"assigns 1:State$"
	inv.State = "touched"
	return db.Model(inv).Updates(inv).Error
}
