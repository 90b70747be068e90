package ignoredclaims

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Notice struct {
	ID      uint
	Key     string
	IsRead  bool
	Emailed bool
}

type NoticeMailer interface {
	SendEmail(to string) error
}

// claimNotice inserts the notice only if its key is new, and tells nobody
// whether it did.
func claimNotice(db *gorm.DB, key string) error {
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Notice{Key: key}).Error
}

// The helper's claim picks a winner that its caller never asks about.
func notifyOnce(db *gorm.DB, m NoticeMailer, key string) {
	claimNotice(db, key) // want `ignored claim: claimNotice picks one winner`
	m.SendEmail(key)
}

// resetNotice writes a loaded notice back whole: gorm's Save of a row
// with its key is an upsert that every caller performs, not a claim.
func resetNotice(db *gorm.DB, n *Notice) error {
	n.IsRead = false
	n.Emailed = false
	return db.Save(n).Error
}

// Near miss: nothing here claims anything; the Save picks no winner (an
// artalk notification pusher resets the notice, then mails it).
func renotify(db *gorm.DB, m NoticeMailer, id uint) {
	var n Notice
	db.First(&n, id)
	resetNotice(db, &n)
	m.SendEmail(n.Key)
}

// registerNotices claims each key and says nothing to its caller: the
// duplicates are tolerated inside, as a setup step's are.
func registerNotices(db *gorm.DB, keys []string) {
	for _, k := range keys {
		_ = db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Notice{Key: k}).Error
	}
}

// Near miss: a helper that returns nothing cannot tell its caller who
// won; there is no outcome here to read (a partition manager registering
// its tables before the nightly job).
func nightly(db *gorm.DB, m NoticeMailer, keys []string) {
	registerNotices(db, keys)
	m.SendEmail("ops@example.com")
}
