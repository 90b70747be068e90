package lostupdates

import (
	"slices"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A list kept in one row (a JSON column) grown from the value read: two
// callers both read [a], one writes [a b], the other [a c], and b is
// gone.

type Workspace struct {
	ID         int64
	AllowedIPs []string `gorm:"serializer:json"`
}

func allowIP(db *gorm.DB, id int64, ip string) error {
	var w Workspace
	if err := db.First(&w, id).Error; err != nil { // want `lost update: AllowedIPs read here is written back`
		return err
	}
	w.AllowedIPs = append(w.AllowedIPs, ip)
	return db.Save(&w).Error
}

// Near miss: the row is read FOR UPDATE in the transaction that saves it.
func allowIPLocked(db *gorm.DB, id int64, ip string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var w Workspace
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&w, id).Error; err != nil {
			return err
		}
		w.AllowedIPs = append(w.AllowedIPs, ip)
		return tx.Save(&w).Error
	})
}

// Near miss: the list is replaced by the one the request sends, not
// grown from the one read.
func setAllowedIPs(db *gorm.DB, id int64, ips []string) error {
	var w Workspace
	if err := db.First(&w, id).Error; err != nil {
		return err
	}
	w.AllowedIPs = append([]string(nil), ips...)
	return db.Save(&w).Error
}

// A list shrunk from the value read loses a removal the same way: two
// callers both read [a b c], one writes [b c], the other [a c], and a is
// back.
func revokeIP(db *gorm.DB, id int64, ip string) error {
	var w Workspace
	if err := db.First(&w, id).Error; err != nil { // want `lost update: AllowedIPs read here is written back`
		return err
	}
	w.AllowedIPs = slices.DeleteFunc(w.AllowedIPs, func(s string) bool { return s == ip })
	return db.Save(&w).Error
}

// Near miss: the list goes back as it was read (Clip only trims its
// capacity); no element is taken out.
func trimIPs(db *gorm.DB, id int64, name string) error {
	var w Workspace
	if err := db.First(&w, id).Error; err != nil {
		return err
	}
	w.AllowedIPs = slices.Clip(w.AllowedIPs)
	return db.Save(&w).Error
}

// Near miss: the row is saved first (its visit counted by the database)
// and the list is grown afterwards, only for the reply.
func touchAndListIPs(db *gorm.DB, id int64, ip string) ([]string, error) {
	var w Workspace
	if err := db.First(&w, id).Error; err != nil {
		return nil, err
	}
	if err := db.Save(&w).Error; err != nil {
		return nil, err
	}
	w.AllowedIPs = append(w.AllowedIPs, ip)
	return w.AllowedIPs, nil
}
