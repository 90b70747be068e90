package fixesreturning

import (
	"database/sql"
	"errors"
	"fmt"
)

type Icon struct {
	ID   int64
	Hash string
}

// Find-or-create with no "found" return: the check and the insert both
// scan the id, and the function goes on with it. The fix reads the twin's
// row as the check does, right after the conditional insert.
func storeIcon(db *sql.DB, feedID int64, icon *Icon) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	err = tx.QueryRow(`SELECT id FROM icons WHERE hash = $1`, icon.Hash).Scan(&icon.ID) // want `check-then-act race: [^;]*$`
	if errors.Is(err, sql.ErrNoRows) {
		query := `
			INSERT INTO icons (hash)
			VALUES ($1)
			RETURNING id
		`
		err := tx.QueryRow(query, icon.Hash).Scan(&icon.ID)
		if err != nil {
			tx.Rollback()
			return fmt.Errorf("create icon: %w", err)
		}
	} else if err != nil {
		tx.Rollback()
		return err
	}
	if _, err := tx.Exec(`INSERT INTO feed_icons (feed_id, icon_id) VALUES ($1, $2)`, feedID, icon.ID); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Near miss: the insert's block goes on after the error test (a counter
// only a new icon bumps), so a twin's row read back would bump it too;
// no edit.
func storeIconCounted(db *sql.DB, icon *Icon, created *int) error {
	err := db.QueryRow(`SELECT id FROM icons WHERE hash = $1`, icon.Hash).Scan(&icon.ID) // want `; no fix: with ON CONFLICT DO NOTHING a twin's insert returns no row, and Scan's ErrNoRows must then be answered as the check answers a found row; the check's present branch is not one return statement that can be repeated after the insert$`
	if errors.Is(err, sql.ErrNoRows) {
		err := db.QueryRow(`INSERT INTO icons (hash) VALUES ($1) RETURNING id`, icon.Hash).Scan(&icon.ID)
		if err != nil {
			return err
		}
		*created++
	} else if err != nil {
		return err
	}
	return nil
}

// Near miss: the else branch goes on too (it logs and falls through), so
// the present and the inserted paths are not one path after the if; no
// edit.
func storeIconElse(db *sql.DB, icon *Icon, seen *int) error {
	err := db.QueryRow(`SELECT id FROM icons WHERE hash = $1`, icon.Hash).Scan(&icon.ID) // want `; no fix: with ON CONFLICT DO NOTHING a twin's insert returns no row, and Scan's ErrNoRows must then be answered as the check answers a found row; the check's present branch is not one return statement that can be repeated after the insert$`
	if errors.Is(err, sql.ErrNoRows) {
		err := db.QueryRow(`INSERT INTO icons (hash) VALUES ($1) RETURNING id`, icon.Hash).Scan(&icon.ID)
		if err != nil {
			return err
		}
	} else {
		*seen++
	}
	return nil
}
