package gormabort

import (
	"log"

	gormv1 "github.com/jinzhu/gorm"
)

type User struct{ ID string }

// Any failed delete is skipped and the loop goes on in the transaction
// the failure aborted.
func DeleteAllSkippingFailures(db *gormv1.DB, users []User) error {
	tx := db.Begin()
	for _, user := range users {
		if result := tx.Delete(&user); result.Error != nil { // want `statement on a transaction that its own failure in an earlier iteration aborted`
			log.Printf("user %s: %v", user.ID, result.Error)
			continue
		}
	}
	return tx.Commit().Error
}

// Near miss: only a delete that found no record is skipped (gorm's own
// outcome, no server error); any other failure rolls back and stops.
func DeleteAllSkippingMissing(db *gormv1.DB, users []User) error {
	tx := db.Begin()
	for _, user := range users {
		if result := tx.Delete(&user); result.Error != nil {
			if result.RecordNotFound() {
				continue
			}
			tx.Rollback()
			return result.Error
		}
	}
	return tx.Commit().Error
}
