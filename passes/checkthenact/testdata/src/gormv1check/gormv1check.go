// Package gormv1check uses gorm v1 (github.com/jinzhu/gorm), which shares
// gorm v2's model.
package gormv1check

import (
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
