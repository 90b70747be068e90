// Package sqlabort uses database/sql with no driver in sight: PostgreSQL
// is assumed.
package sqlabort

import (
	"context"
	"database/sql"
	"errors"
	"log"
)

func DuplicateThenSelect(ctx context.Context, tx *sql.Tx, key string) (id int64, err error) {
	if _, err := tx.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		err = tx.QueryRowContext(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id) // want `statement on a transaction that the failed statement at line 13 aborted`
		return id, err
	}
	return 0, nil
}

func RollbackFirst(ctx context.Context, db *sql.DB, tx *sql.Tx, key string) (id int64, err error) {
	if _, err := tx.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		tx.Rollback()
		err = db.QueryRowContext(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, tx.Commit()
}

func CommitAfterLoggedFailure(ctx context.Context, db *sql.DB, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET n = n + 1 WHERE key = $1`, key); err != nil {
		log.Print(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO audit (key) VALUES ($1)`, key); err != nil { // want `statement on a transaction that the failed statement at line 34 aborted`
		return err
	}
	return tx.Commit()
}

func IgnoredError(ctx context.Context, db *sql.DB, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `UPDATE accounts SET n = n + 1 WHERE key = $1`, key)
	return tx.Commit()
}

var (
	ErrTombstoned   = errors.New("entry was deleted")
	ErrAlreadyTaken = errors.New("key already taken")
)

// createEntry inserts unless the entry was deleted; the insert then
// returns no row (ErrNoRows), which does not abort the transaction.
func createEntry(ctx context.Context, tx *sql.Tx, hash string) error {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO entries (hash) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM tombstones WHERE hash = $1) RETURNING id`, hash).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrTombstoned
	}
	return err
}

// claimKey maps a unique violation to ErrAlreadyTaken.
func claimKey(ctx context.Context, tx *sql.Tx, key string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO keys (key) VALUES ($1)`, key)
	if err != nil && err.Error() == "23505" {
		return ErrAlreadyTaken
	}
	return err
}

// Near miss (miniflux): a domain outcome the helper read is no failure.
func RefreshEntries(ctx context.Context, db *sql.DB, hashes []string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	for _, h := range hashes {
		err = createEntry(ctx, tx, h)
		if errors.Is(err, ErrTombstoned) {
			err = nil
		}
		if err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// A sentinel mapped from a unique violation still means an aborted tx.
func ClaimThenWrite(ctx context.Context, db *sql.DB, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := claimKey(ctx, tx, key); errors.Is(err, ErrAlreadyTaken) {
		_, err = tx.ExecContext(ctx, `UPDATE keys SET seen = seen + 1 WHERE key = $1`, key) // want `statement on a transaction that the failed statement at line`
		return err
	}
	return tx.Commit()
}

// Near miss (miniflux's switch): the tombstoned case clears err, the error
// check after the switch rolls back whatever failed, and only a nil error
// reaches the commit.
func RefreshEntriesSwitch(ctx context.Context, db *sql.DB, hashes []string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	for _, h := range hashes {
		err = createEntry(ctx, tx, h)
		switch {
		case errors.Is(err, ErrTombstoned):
			err = nil
		case err == nil:
			log.Print("created ", h)
		}
		if err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// Near miss (gotosocial's emoji delete): the error is compared with
// ErrNoRows by value, and only the other errors leave; a row that is not
// there aborts nothing, so the next statement runs on a usable tx.
func StripEmoji(ctx context.Context, tx *sql.Tx, ids []string) error {
	for _, id := range ids {
		var emojis string
		if err := tx.QueryRowContext(ctx, `SELECT emojis FROM statuses WHERE id = $1`, id).Scan(&emojis); err != nil && err != sql.ErrNoRows {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE statuses SET emojis = $1 WHERE id = $2`, emojis, id); err != nil && err != sql.ErrNoRows {
			return err
		}
	}
	return nil
}

// The same idiom with a sentinel named for a constraint: the insert that
// failed on it aborted the transaction.
func InsertTolerant(ctx context.Context, tx *sql.Tx, keys []string) error {
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, `INSERT INTO keys (key) VALUES ($1)`, k); err != nil && err != ErrAlreadyTaken { // want `statement on a transaction that its own failure in an earlier iteration aborted`
			return err
		}
	}
	return nil
}
