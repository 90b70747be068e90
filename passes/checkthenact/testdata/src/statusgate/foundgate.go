package statusgate

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A record found by its state: the WHERE is the gate, "found" its open
// arm.

type Quote struct {
	ID     uint
	Status string
	Amount int64
}

type QuoteCredit struct {
	QuoteID uint
	Amount  int64
}

// Two callers both find the invoice open, both credit it and both close
// it.
func creditOpenInvoice(db *gorm.DB, id uint) error {
	var inv Quote
	if err := db.Where("id = ? AND status = ?", id, "open").First(&inv).Error; err != nil { // want `status-gate race: the record read here is found by its state`
		return err
	}
	if err := db.Create(&QuoteCredit{QuoteID: inv.ID, Amount: inv.Amount}).Error; err != nil {
		return err
	}
	return db.Model(&inv).Update("status", "credited").Error
}

// The same inside a transaction: READ COMMITTED lets both find it open
// before either commits.
func creditOpenInvoiceTx(db *gorm.DB, id uint) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var inv Quote
		if err := tx.Where("id = ? AND status = ?", id, "open").First(&inv).Error; err != nil { // want `status-gate race: the record read here is found by its state`
			return err
		}
		if err := tx.Create(&QuoteCredit{QuoteID: inv.ID, Amount: inv.Amount}).Error; err != nil {
			return err
		}
		return tx.Model(&inv).Update("status", "credited").Error
	})
}

// Near miss: the read locks the row it finds.
func creditOpenInvoiceLocked(db *gorm.DB, id uint) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var inv Quote
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ? AND status = ?", id, "open").First(&inv).Error; err != nil {
			return err
		}
		if err := tx.Create(&QuoteCredit{QuoteID: inv.ID, Amount: inv.Amount}).Error; err != nil {
			return err
		}
		return tx.Model(&inv).Update("status", "credited").Error
	})
}

// Near miss: the state write is the guarded transition, and only its
// winner credits.
func creditOpenInvoiceGuarded(db *gorm.DB, id uint) error {
	var inv Quote
	if err := db.Where("id = ? AND status = ?", id, "open").First(&inv).Error; err != nil {
		return err
	}
	res := db.Model(&inv).Where("status = ?", "open").Update("status", "credited")
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return db.Create(&QuoteCredit{QuoteID: inv.ID, Amount: inv.Amount}).Error
}

// Near miss: found by its key alone, nothing is gated by a state.
func creditInvoice(db *gorm.DB, id uint) error {
	var inv Quote
	if err := db.Where("id = ?", id).First(&inv).Error; err != nil {
		return err
	}
	return db.Create(&QuoteCredit{QuoteID: inv.ID, Amount: inv.Amount}).Error
}

// Near miss: the act is an absolute write, the same for both callers.
func expireOpenInvoice(db *gorm.DB, id uint) error {
	var inv Quote
	if err := db.Where("id = ? AND status = ?", id, "open").First(&inv).Error; err != nil {
		return err
	}
	return db.Model(&inv).Update("status", "expired").Error
}

type QuoteMailer interface {
	SendReceipt(to string, amount int64) error
}

// The receipt goes out after the commit, once per caller that committed:
// both find the quote open before either commits.
func acceptQuote(db *gorm.DB, n QuoteMailer, id uint) error {
	var q Quote
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("id = ? AND status = ?", id, "open").First(&q).Error; err != nil { // want `status-gate race: the record read here is found by its state \(the WHERE is the gate\), then SendReceipt`
			return err
		}
		return tx.Model(&q).Update("status", "accepted").Error
	})
	if err != nil {
		return err
	}
	return n.SendReceipt("buyer@example.com", q.Amount)
}

// Near miss: the transition is guarded, and the receipt goes out only
// when it changed the row.
func acceptQuoteGuarded(db *gorm.DB, n QuoteMailer, id uint) error {
	var q Quote
	var changed int64
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("id = ? AND status = ?", id, "open").First(&q).Error; err != nil {
			return err
		}
		res := tx.Model(&q).Where("status = ?", "open").Update("status", "accepted")
		changed = res.RowsAffected
		return res.Error
	})
	if err != nil || changed == 0 {
		return err
	}
	return n.SendReceipt("buyer@example.com", q.Amount)
}

// Near miss: the receipt is sent only when the transaction failed (a
// failure notice), never by a caller that committed.
func acceptQuoteNoticeOnFailure(db *gorm.DB, n QuoteMailer, id uint) error {
	var q Quote
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("id = ? AND status = ?", id, "open").First(&q).Error; err != nil {
			return err
		}
		return tx.Model(&q).Update("status", "accepted").Error
	})
	if err != nil {
		return n.SendReceipt("ops@example.com", 0)
	}
	return nil
}
