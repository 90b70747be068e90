package statusgate

import (
	"errors"

	"gorm.io/gorm"
)

// Status gates whose act and state write sit in helpers several calls
// away from the read, the state write being a full-row save of the copy
// the caller read: two callers both see the invoice open, both credit the
// account and both save the whole row back (the later save also undoes
// whatever changed in between: a lost update on top of the double act).

type Statement struct {
	ID     uint
	State  string
	Amount int64
	UserID uint
}

type CreditNote struct {
	ID     uint
	UserID uint
	Amount int64
}

type Account struct {
	ID        uint
	Plan      string
	Followers int64
}

var errBillClosed = errors.New("invoice is not open")

// PayInvoice reads the invoice; the act and the save are three calls down.
func PayInvoice(db *gorm.DB, id uint) error {
	var inv Statement
	if err := db.First(&inv, id).Error; err != nil { // want `status-gate race: State read here is tested, then settleInvoice at line 45 acts and writes the state in separate steps, so two concurrent callers can both pass the test and both write .*runtime/claim`
		return err
	}
	if inv.State != "open" {
		return errBillClosed
	}
	return settleInvoice(db, &inv)
}

func settleInvoice(db *gorm.DB, inv *Statement) error {
	if inv.Amount == 0 {
		return nil
	}
	return closeInvoice(db, inv)
}

func closeInvoice(db *gorm.DB, inv *Statement) error {
	if err := creditAccount(db, inv); err != nil {
		return err
	}
	inv.State = "paid"
	return db.Save(inv).Error
}

func creditAccount(db *gorm.DB, inv *Statement) error {
	return db.Create(&CreditNote{UserID: inv.UserID, Amount: inv.Amount}).Error
}

// Near miss: the helpers' act writes absolute values (the plan the
// invoice bought): a second run leaves the account as the first did.
func UpgradeInvoice(db *gorm.DB, id uint) error {
	var inv Statement
	if err := db.First(&inv, id).Error; err != nil {
		return err
	}
	if inv.State != "open" {
		return errBillClosed
	}
	return settleUpgrade(db, &inv)
}

func settleUpgrade(db *gorm.DB, inv *Statement) error {
	if err := db.Model(&Account{}).Where("id = ?", inv.UserID).Update("plan", "pro").Error; err != nil {
		return err
	}
	inv.State = "paid"
	return db.Save(inv).Error
}

// Near miss: the helper moves the invoice only from open, and credits
// only when its update changed the row.
func PayInvoiceGuarded(db *gorm.DB, id uint) error {
	var inv Statement
	if err := db.First(&inv, id).Error; err != nil {
		return err
	}
	if inv.State != "open" {
		return errBillClosed
	}
	return settleGuarded(db, &inv)
}

func settleGuarded(db *gorm.DB, inv *Statement) error {
	res := db.Model(inv).Where("state = ?", "open").Update("state", "paid")
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return creditAccount(db, inv)
}

// The act is a relative write on another row (the followee's count).
func Unfollow(db *gorm.DB, id uint) error {
	var inv Statement
	if err := db.First(&inv, id).Error; err != nil { // want `status-gate race: State read here is tested, then UpdateColumn at line 118 and the state write at line 121`
		return err
	}
	if inv.State != "following" {
		return nil
	}
	if err := db.Model(&Account{}).Where("id = ?", inv.UserID).UpdateColumn("followers", gorm.Expr("followers - ?", 1)).Error; err != nil {
		return err
	}
	return db.Model(&inv).Update("state", "unfollowed").Error
}

// Near miss: the write on the other row sets an absolute value.
func UnfollowAbsolute(db *gorm.DB, id uint, followers int64) error {
	var inv Statement
	if err := db.First(&inv, id).Error; err != nil {
		return err
	}
	if inv.State != "following" {
		return nil
	}
	if err := db.Model(&Account{}).Where("id = ?", inv.UserID).UpdateColumn("followers", followers).Error; err != nil {
		return err
	}
	return db.Model(&inv).Update("state", "unfollowed").Error
}
