package bindings

import (
	"fmt"

	"gorm.io/gorm"
)

// A rename checks the new name against every other row (excluding its
// own id), then saves it: two renames of two rows to one free name both
// pass and both save it (gin-vue-admin's UpdateTimedTask).

type Task struct {
	ID   uint
	Name string
}

func checkNameUnique(db *gorm.DB, name string, excludeID uint) error {
	var count int64
	q := db.Model(&Task{}).Where("name = ?", name)
	if excludeID > 0 {
		q = q.Where("id <> ?", excludeID)
	}
	if err := q.Count(&count).Error; err != nil {
		return err
	}
	if count > 0 {
		return fmt.Errorf("task name %s exists", name)
	}
	return nil
}

func RenameTask(db *gorm.DB, t *Task) error {
	if err := checkNameUnique(db, t.Name, t.ID); err != nil { // want `check-then-bind race: the existence check checkNameUnique finds the value free`
		return err
	}
	return db.Model(&Task{}).Where("id = ?", t.ID).Select("name").Updates(t).Error
}

// ownsName reports whether the task itself already holds the name: the
// id is looked for, not left out.
func ownsName(db *gorm.DB, name string, id uint) bool {
	var count int64
	db.Model(&Task{}).Where("name = ? AND id = ?", name, id).Count(&count)
	return count > 0
}

// Near miss: the check looks for the row by its id, and on the branch
// where it found none the update by that id writes no row.
func RenameIfOwned(db *gorm.DB, t *Task) error {
	if !ownsName(db, t.Name, t.ID) {
		return db.Model(&Task{}).Where("id = ?", t.ID).Select("name").Updates(t).Error
	}
	return nil
}
