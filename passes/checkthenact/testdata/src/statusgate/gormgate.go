package statusgate

import (
	"gorm.io/gorm"
)

type Order struct {
	ID     uint
	Paid   bool
	Amount int64
}

type Mailer interface {
	SendReceipt(to string, amount int64) error
}

// gorm: two callbacks both see Paid == false and both mail a receipt.
func markPaid(db *gorm.DB, mail Mailer, id uint) error {
	var o Order
	if err := db.First(&o, id).Error; err != nil { // want `status-gate race: Paid read here is tested, then SendReceipt`
		return err
	}
	if o.Paid {
		return nil
	}
	mail.SendReceipt("buyer@example.com", o.Amount)
	return db.Model(&o).Update("paid", true).Error
}

// Near miss: the update is conditional on the old state.
func markPaidGuarded(db *gorm.DB, mail Mailer, id uint) error {
	var o Order
	if err := db.First(&o, id).Error; err != nil {
		return err
	}
	if o.Paid {
		return nil
	}
	res := db.Model(&o).Where("paid = ?", false).Update("paid", true)
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return mail.SendReceipt("buyer@example.com", o.Amount)
}
