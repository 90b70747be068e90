// Package security turns a user's second factor on and off, each with an
// update that names the one column it changes.
package security

import "database/sql"

func EnableOTP(db *sql.DB, userID uint) error {
	_, err := db.Exec(`UPDATE users SET otp_active = true WHERE id = $1`, userID)
	return err
}
