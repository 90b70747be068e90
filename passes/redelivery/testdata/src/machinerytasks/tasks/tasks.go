// Package tasks holds machinery task functions registered by another
// package.
package tasks

import "database/sql"

var DB *sql.DB

// AddPoints adds to a balance on every run.
func AddPoints(accountID string, points int64) error {
	_, err := DB.Exec(`UPDATE accounts SET points = points + $1 WHERE id = $2`, points, accountID)
	return err
}

// SetTier sets an absolute value: a retry writes the same.
func SetTier(accountID string, tier string) error {
	_, err := DB.Exec(`UPDATE accounts SET tier = $1 WHERE id = $2`, tier, accountID)
	return err
}
