package limits

import (
	"errors"
	"log"

	"gorm.io/gorm"
)

type Session struct {
	ID     int64
	UserID int64
}

type LoginEvent struct {
	ID     int64
	UserID int64
}

const maxSessions = 5

var errTooManySessions = errors.New("too many sessions")

// The limit is checked on the rows themselves, not on a COUNT: two
// logins both list four sessions and both insert a fifth and a sixth.
func startSession(db *gorm.DB, userID int64) error {
	var sessions []Session
	if err := db.Where("user_id = ?", userID).Find(&sessions).Error; err != nil { // want `limit race: the number of rows Find returns is compared with a limit at line \d+`
		return err
	}
	if len(sessions) >= maxSessions {
		return errTooManySessions
	}
	return db.Create(&Session{UserID: userID}).Error
}

// A trim to the limit: both callers list five, both delete the same
// oldest session and both insert, leaving six.
func issueSession(db *gorm.DB, userID int64) error {
	var sessions []Session
	if err := db.Where("user_id = ?", userID).Find(&sessions).Error; err != nil { // want `limit race: the number of rows Find returns is compared with a limit at line \d+`
		return err
	}
	if len(sessions) >= maxSessions {
		for _, s := range sessions[:len(sessions)-maxSessions+1] {
			if err := db.Delete(&s).Error; err != nil {
				return err
			}
		}
	}
	return db.Create(&Session{UserID: userID}).Error
}

// Near miss: the length only decides whether to log; the insert runs
// either way and nothing is trimmed.
func startSessionNoted(db *gorm.DB, userID int64) error {
	var sessions []Session
	if err := db.Where("user_id = ?", userID).Find(&sessions).Error; err != nil {
		return err
	}
	if len(sessions) >= maxSessions {
		log.Printf("user %d has %d sessions", userID, len(sessions))
	}
	return db.Create(&Session{UserID: userID}).Error
}

// Near miss: the rows are listed to refuse, but the insert goes to
// another table (an audit row, not a session).
func recordLogin(db *gorm.DB, userID int64) error {
	var sessions []Session
	if err := db.Where("user_id = ?", userID).Find(&sessions).Error; err != nil {
		return err
	}
	if len(sessions) >= maxSessions {
		return errTooManySessions
	}
	return db.Create(&LoginEvent{UserID: userID}).Error
}

// Near miss: the user's row is locked first, so logins of one user count
// and insert in turn.
func startSessionLocked(db *gorm.DB, userID int64) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("SELECT id FROM users WHERE id = ? FOR UPDATE", userID).Error; err != nil {
			return err
		}
		var sessions []Session
		if err := tx.Where("user_id = ?", userID).Find(&sessions).Error; err != nil {
			return err
		}
		if len(sessions) >= maxSessions {
			return errTooManySessions
		}
		return tx.Create(&Session{UserID: userID}).Error
	})
}

// Near miss: the rows are walked, by range and by index, and each one is
// copied to the new owner; the loops' bounds are no limit.
func copySessions(db *gorm.DB, from, to int64) error {
	var sessions []Session
	if err := db.Where("user_id = ?", from).Find(&sessions).Error; err != nil {
		return err
	}
	for range sessions {
		if err := db.Create(&Session{UserID: to}).Error; err != nil {
			return err
		}
	}
	for i := 0; i < len(sessions); i++ {
		if err := db.Create(&Session{UserID: to}).Error; err != nil {
			return err
		}
	}
	return nil
}

// Near miss: a minimum, not a limit: the sessions are merged into one
// only when there are at least two, and what is inserted above the
// threshold adds to nothing a limit keeps.
func mergeSessions(db *gorm.DB, userID int64) error {
	var sessions []Session
	if err := db.Where("user_id = ?", userID).Find(&sessions).Error; err != nil {
		return err
	}
	if len(sessions) < 2 {
		return nil
	}
	return db.Create(&Session{UserID: userID}).Error
}
