package lostupdates

import (
	"github.com/shopspring/decimal"
	"gorm.io/gorm"
)

type Wallet struct {
	ID      int64
	Balance float64
	Limit   float64
	Label   string
}

// addPrices adds two amounts rounded to cents, as services keep money.
func addPrices(a, b float64) float64 { return float64(int64((a+b)*100+0.5)) / 100 }

// addCurrency is named for adding but returns text: the amount with its
// currency, for display.
func addCurrency(a float64) string { return "" }

// The new balance computed by a helper named for adding: two top-ups read
// the same balance, and one is lost.
func TopUp(db *gorm.DB, walletID int64, amount float64) error {
	var w Wallet
	if err := db.First(&w, walletID).Error; err != nil { // want `lost update: Balance read here is written back at line \d+ as a value computed from it`
		return err
	}
	w.Balance = addPrices(w.Balance, amount)
	return db.Save(&w).Error
}

// Near miss: the helper named for adding returns text, a label stored
// beside the balance; the balance saved is the one read, unchanged. Saved
// whole, though, it undoes a TopUp made since the read: that is the
// whole-record save's race, not arithmetic on the balance.
func Relabel(db *gorm.DB, walletID int64) error {
	var w Wallet
	if err := db.First(&w, walletID).Error; err != nil { // want `lost update: the wallet row read here is saved whole at line \d+ with every column as read, Balance among them, which TopUp`
		return err
	}
	w.Label = addCurrency(w.Balance)
	return db.Save(&w).Error
}

// Near miss: the helper adds to another field's value, the limit, which
// is not what is written back.
func RaiseLimitPreview(db *gorm.DB, walletID int64, amount float64) (float64, error) {
	var w Wallet
	if err := db.First(&w, walletID).Error; err != nil {
		return 0, err
	}
	next := addPrices(w.Limit, amount)
	return next, db.Model(&Wallet{}).Where("id = ?", walletID).Update("balance", amount).Error
}

type Ledger struct {
	ID      int64
	Balance decimal.Decimal
}

// Money as a decimal: the new balance is the read one's Add.
func Deposit(db *gorm.DB, ledgerID int64, amount decimal.Decimal) error {
	var l Ledger
	if err := db.First(&l, ledgerID).Error; err != nil { // want `lost update: Balance read here is written back at line \d+ as a value computed from it`
		return err
	}
	l.Balance = l.Balance.Add(amount)
	return db.Save(&l).Error
}

// Near miss: the decimal is only compared, and the written balance is the
// caller's.
func SetBalance(db *gorm.DB, ledgerID int64, balance decimal.Decimal) error {
	var l Ledger
	if err := db.First(&l, ledgerID).Error; err != nil {
		return err
	}
	if l.Balance.LessThan(balance) {
		l.Balance = balance
	}
	return db.Save(&l).Error
}
