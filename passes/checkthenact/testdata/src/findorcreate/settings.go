package findorcreate

import "gorm.io/gorm"

// Setting is keyed by its name.
type Setting struct {
	Key   string `gorm:"primaryKey"`
	Value string
}

// Counter is gorm's default: the field ID is the primary key.
type Counter struct {
	ID     string
	Number int64
}

// Near miss: the loser's primary-key violation is dropped, and the Save
// that follows overwrites the row the winner made.
func UpdateSetting(db *gorm.DB, key, value string) error {
	setting := Setting{Key: key}
	db.FirstOrCreate(&setting, Setting{Key: key})
	setting.Value = value
	return db.Save(&setting).Error
}

// The first two uses of a tenant both create its counter row; the primary
// key fails the second, which returns the error.
func NextNumber(tx *gorm.DB, tenant string) (int64, error) {
	n := Counter{}
	if result := tx.Where(Counter{ID: tenant}).Attrs(Counter{Number: 0}).FirstOrCreate(&n); result.Error != nil { // want `FirstOrCreate looks Counter up .* the unique key \(id\) fails the second insert`
		return 0, result.Error
	}
	return n.Number + 1, nil
}

// Near miss: the tenant's row is locked first, so the second caller waits
// and finds the counter the first one made.
func NextNumberLocked(tx *gorm.DB, tenant string) (int64, error) {
	if err := tx.Exec("SELECT id FROM tenants WHERE id = ? FOR UPDATE", tenant).Error; err != nil {
		return 0, err
	}
	n := Counter{}
	if result := tx.Where(Counter{ID: tenant}).Attrs(Counter{Number: 0}).FirstOrCreate(&n); result.Error != nil {
		return 0, result.Error
	}
	return n.Number + 1, nil
}
