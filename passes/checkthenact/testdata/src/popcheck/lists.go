package popcheck

import "github.com/gobuffalo/pop/v6"

type Session struct {
	ID     int64
	UserID int64
}

type Device struct {
	ID     int64
	UserID int64
}

const maxSessions = 5

// pop's All fills a slice: the sessions a login lists, trims to the
// limit and adds to. Two logins both list five, both delete the oldest
// and both insert.
func issueSession(tx *pop.Connection, userID int64) error {
	var sessions []Session
	if err := tx.Where("user_id = ?", userID).Order("created_at desc").All(&sessions); err != nil { // want `limit race: the number of rows All returns is compared with a limit at line \d+`
		return err
	}
	if len(sessions) >= maxSessions {
		for _, s := range sessions[maxSessions-1:] {
			if err := tx.Destroy(&s); err != nil {
				return err
			}
		}
	}
	return tx.Create(&Session{UserID: userID})
}

// Near miss: the sessions are listed to trim, but what is inserted is a
// device, which they do not count.
func registerDevice(tx *pop.Connection, userID int64) error {
	var sessions []Session
	if err := tx.Where("user_id = ?", userID).All(&sessions); err != nil {
		return err
	}
	if len(sessions) >= maxSessions {
		for _, s := range sessions[maxSessions-1:] {
			if err := tx.Destroy(&s); err != nil {
				return err
			}
		}
	}
	return tx.Create(&Device{UserID: userID})
}
