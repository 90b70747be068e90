package findorcreate

import v1 "github.com/jinzhu/gorm"

// Member uses gorm v1's tags.
type Member struct {
	ID    string `gorm:"primary_key"`
	Email string
}

// No condition: gorm looks the row up by the primary key set in the
// record, and the second of two concurrent claims fails on it.
func ClaimMember(db *v1.DB, id, email string) error {
	tx := db.Begin()
	m := Member{ID: id, Email: email}
	if res := tx.FirstOrCreate(&m); res.Error != nil { // want `FirstOrCreate looks Member up .* the unique key \(id\) fails the second insert`
		tx.Rollback()
		return res.Error
	}
	return tx.Commit().Error
}
