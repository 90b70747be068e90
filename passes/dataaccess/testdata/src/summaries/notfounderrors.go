package summaries

import (
	"database/sql"
	"errors"
	"fmt"
)

// Checks whose only result is an error: which way the error points
// decides what its nil means to the caller.

var (
	ErrFileNotFound = errors.New("file not found")
	ErrNameTaken    = errors.New("name taken")
)

// A permission check that errs when the file has no collection: nil
// means the row is there (errwhenpresent=false).
func checkFileListed(db *sql.DB, fileID int64) error { // want checkFileListed:"errwhenpresent=false"
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM collection_files WHERE file_id = $1`, fileID).Scan(&n); err != nil {
		return fmt.Errorf("count: %w", err)
	}
	if n < 1 {
		return fmt.Errorf("file %d: %w", fileID, ErrFileNotFound)
	}
	return nil
}

// Near miss: a validator that errs when the name is taken: nil means
// absent (errwhenpresent=true).
func checkNameFree(db *sql.DB, name string) error { // want checkNameFree:"errwhenpresent=true"
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM projects WHERE name = $1`, name).Scan(&n); err != nil {
		return fmt.Errorf("count: %w", err)
	}
	if n > 0 {
		return ErrNameTaken
	}
	return nil
}
