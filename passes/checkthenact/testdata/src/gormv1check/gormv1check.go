// Package gormv1check uses gorm v1 (github.com/jinzhu/gorm), which shares
// gorm v2's model.
package gormv1check

import (
	"net/http"

	"github.com/jinzhu/gorm"
)

type Group struct {
	ID     int64
	UserID int64
	Name   string
}

// gophish's shape: look the name up, 409 when found, else save a new one.
func postGroup(db *gorm.DB, uid int64, name string) error {
	var g Group
	err := db.Where("user_id = ? AND name = ?", uid, name).Find(&g).Error // want `check-then-act race: the existence check Find`
	if err != gorm.ErrRecordNotFound {
		return err
	}
	return db.Save(&Group{UserID: uid, Name: name}).Error
}

// Near miss: Save of a record that carries its key is an upsert.
func putGroup(db *gorm.DB, id, uid int64, name string) error {
	var g Group
	err := db.Where("user_id = ? AND name = ?", uid, name).Find(&g).Error
	if err != gorm.ErrRecordNotFound {
		return err
	}
	return db.Save(&Group{ID: id, UserID: uid, Name: name}).Error
}

type Order struct {
	ID    string
	Email string
}

// Near miss (gocommerce's order update): the order must exist, and Save
// writes back the row First found after an act on the present path.
func updateOrder(db *gorm.DB, id, email string) error {
	existing := new(Order)
	rsp := db.First(existing, "id = ?", id)
	if rsp.RecordNotFound() {
		return gorm.ErrRecordNotFound
	}
	if rsp.Error != nil {
		return rsp.Error
	}
	existing.Email = email
	tx := db.Begin()
	if _, err := http.Post("https://mail.example/notify", "text/plain", nil); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Save(existing).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// The positive beside it: the row First did not find is created.
func ensureOrder(db *gorm.DB, id, email string) error {
	existing := new(Order)
	if db.First(existing, "id = ?", id).RecordNotFound() { // want `check-then-act race: the existence check First`
		return db.Create(&Order{ID: id, Email: email}).Error
	}
	return nil
}
