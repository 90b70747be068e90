package summaries

import (
	"fmt"

	"gorm.io/gorm"
)

// A generic existence helper takes its model from the caller: the fact
// names the parameter (tablearg=), and each caller's &User{} names the
// table.

type Member struct {
	ID       uint
	Username string
}

func recordExists(db *gorm.DB, table interface{}, field string, value interface{}) bool { // want recordExists:"tablearg=1$"
	var n int64
	db.Model(table).Where(fmt.Sprintf("%s = ?", field), value).Count(&n)
	return n > 0
}

func recordExistsExcept(db *gorm.DB, table interface{}, field string, value interface{}, except interface{}) bool { // want recordExistsExcept:"tablearg=1$"
	var n int64
	query := db.Model(table).Where(fmt.Sprintf("%s = ?", field), value)
	if except != nil {
		query = query.Not("id", except)
	}
	query.Count(&n)
	return n > 0
}

func memberNameTaken(db *gorm.DB, name string) bool { // want memberNameTaken:"^exists table=\"member\""
	return recordExistsExcept(db, &Member{}, "username", name, nil)
}

// Near miss: a model the helper names itself.
func memberExists(db *gorm.DB, name string) bool { // want memberExists:"^exists table=\"member\" .*saves=-1$"
	var n int64
	db.Model(&Member{}).Where("username = ?", name).Count(&n)
	return n > 0
}

// A uniqueness check for an update leaves the updated row out: the fact
// says which parameter only excludes (excludes=).
func memberNameFree(db *gorm.DB, name string, exceptID uint) bool { // want memberNameFree:"excludes=\\[2\\]$"
	var n int64
	q := db.Model(&Member{}).Where("username = ?", name)
	if exceptID > 0 {
		q = q.Where("id <> ?", exceptID)
	}
	q.Count(&n)
	return n == 0
}

// Near miss: the id is looked for.
func memberHoldsName(db *gorm.DB, name string, id uint) bool { // want memberHoldsName:"saves=-1$"
	var n int64
	db.Model(&Member{}).Where("username = ? AND id = ?", name, id).Count(&n)
	return n > 0
}
