package ignoredclaims

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Setting struct {
	Key   string
	Value string
}

// putSetting stores a value under its key, replacing what was there: an
// upsert that writes for every caller.
func putSetting(db *gorm.DB, key, value string) error {
	return db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&Setting{Key: key, Value: value}).Error
}

// putSettingFields is the same upsert naming the columns it updates.
func putSettingFields(db *gorm.DB, key, value string) error {
	return db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"value"}),
	}).Create(&Setting{Key: key, Value: value}).Error
}

// claimSetting writes the key only when it is absent.
func claimSetting(db *gorm.DB, key, value string) error {
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "key"}}, DoNothing: true}).Create(&Setting{Key: key, Value: value}).Error
}

// Near miss: the import records when it last succeeded, then mails; the
// upsert is a note, not a claim (wakapi's PutString of the last import).
func finishImport(db *gorm.DB, m NoticeMailer, user string) {
	putSetting(db, "last_import:"+user, "now")
	m.SendEmail(user)
}

// Near miss: the same with the updated columns named.
func finishExport(db *gorm.DB, m NoticeMailer, user string) {
	putSettingFields(db, "last_export:"+user, "now")
	m.SendEmail(user)
}

// The claim's winner is never asked about: every caller mails.
func welcomeOnce(db *gorm.DB, m NoticeMailer, user string) {
	claimSetting(db, "welcomed:"+user, "yes") // want `ignored claim: claimSetting picks one winner`
	m.SendEmail(user)
}

// setWith stores the setting with whatever conflict clause its caller
// picks (a settings store's set(key, value, clauses)): only the call
// tells a claim from an upsert.
func setWith(db *gorm.DB, key, value string, onConflict clause.OnConflict) error {
	return db.Clauses(onConflict).Create(&Setting{Key: key, Value: value}).Error
}

// setUpdate hands setWith an upsert.
func setUpdate(db *gorm.DB, key, value string) error {
	update := clause.OnConflict{
		Columns:   []clause.Column{{Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"value"}),
	}
	return setWith(db, key, value, update)
}

// setIgnore hands setWith a claim.
func setIgnore(db *gorm.DB, key, value string) error {
	ignore := clause.OnConflict{Columns: []clause.Column{{Name: "key"}}, DoNothing: true}
	return setWith(db, key, value, ignore)
}

// Near miss: the upsert through the caller's clause is a note, not a
// claim.
func finishBackup(db *gorm.DB, m NoticeMailer, user string) {
	setUpdate(db, "last_backup:"+user, "now")
	m.SendEmail(user)
}

// The claim through the caller's clause is still never asked about.
func remindOnce(db *gorm.DB, m NoticeMailer, user string) {
	setIgnore(db, "reminded:"+user, "yes") // want `ignored claim: setIgnore picks one winner`
	m.SendEmail(user)
}
