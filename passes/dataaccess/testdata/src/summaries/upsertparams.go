package summaries

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A settings store whose set takes the conflict clause from its caller:
// the fact names the parameter (conflictparam=), and each caller's
// summary is a claim or an upsert by the clause it hands in.

type Setting struct {
	Key   string
	Value string
}

func setWith(db *gorm.DB, key, value string, onConflict clause.OnConflict) error { // want setWith:"^conditional insert .*conflictparam=3$"
	return db.Clauses(onConflict).Create(&Setting{Key: key, Value: value}).Error
}

// An upsert through setWith: no claim for its callers.
func setUpdate(db *gorm.DB, key, value string) error { // want setUpdate:"^conditional insert .* overwrites$"
	return setWith(db, key, value, clause.OnConflict{UpdateAll: true})
}

// Near miss: a claim through setWith stays one.
func setIgnore(db *gorm.DB, key, value string) error { // want setIgnore:"^conditional insert .*saves=-1$"
	return setWith(db, key, value, clause.OnConflict{DoNothing: true})
}

// Near miss: a clause the body builds itself names no parameter.
func setOwn(db *gorm.DB, key, value string) error { // want setOwn:"^conditional insert .*saves=-1$"
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Setting{Key: key, Value: value}).Error
}
