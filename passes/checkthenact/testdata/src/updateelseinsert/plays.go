// Package updateelseinsert holds upserts written by hand: an update, and
// an insert of the same row when the update changed none.
package updateelseinsert

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"
)

// Two first plays of a track both update no row and both insert: a
// second row, or a unique violation that loses the play.
func CountPlay(ctx context.Context, db *sql.DB, user, item string) error {
	res, err := db.ExecContext(ctx, `UPDATE annotation SET play_count = play_count + 1 WHERE user_id = $1 AND item_id = $2`, user, item) // want `update-else-insert race: when the update of annotation changes no row, the insert at line \d+ adds it`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_, err = db.ExecContext(ctx, `INSERT INTO annotation (user_id, item_id, play_count) VALUES ($1, $2, 1)`, user, item)
	}
	return err
}

// Absolute values race the same way: the second first star fails on
// the unique key, or stars twice.
func SetStar(ctx context.Context, db *sql.DB, user, item string, starred bool) error {
	res, err := db.ExecContext(ctx, `UPDATE annotation SET starred = $3 WHERE user_id = $1 AND item_id = $2`, user, item, starred) // want `update-else-insert race`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	_, err = db.ExecContext(ctx, `INSERT INTO annotation (user_id, item_id, starred) VALUES ($1, $2, $3)`, user, item, starred)
	return err
}

// Near miss: the insert on the "no row" branch is the one-step upsert,
// which the second caller's conflict turns into the increment.
func CountPlayUpserted(ctx context.Context, db *sql.DB, user, item string) error {
	res, err := db.ExecContext(ctx, `UPDATE annotation SET play_count = play_count + 1 WHERE user_id = $1 AND item_id = $2`, user, item)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_, err = db.ExecContext(ctx, `INSERT INTO annotation (user_id, item_id, play_count) VALUES ($1, $2, 1) ON CONFLICT (user_id, item_id) DO UPDATE SET play_count = annotation.play_count + 1`, user, item)
	}
	return err
}

// Near miss: what the "no row" branch inserts is another table's row (a
// log of misses), not the row the update looked for.
func CountPlayLogged(ctx context.Context, db *sql.DB, user, item string) error {
	res, err := db.ExecContext(ctx, `UPDATE annotation SET play_count = play_count + 1 WHERE user_id = $1 AND item_id = $2`, user, item)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_, err = db.ExecContext(ctx, `INSERT INTO unknown_plays (user_id, item_id) VALUES ($1, $2)`, user, item)
	}
	return err
}

// Near miss: the insert runs when the update did change a row (a history
// entry per play), which every play should add.
func CountPlayHistory(ctx context.Context, db *sql.DB, user, item string) error {
	res, err := db.ExecContext(ctx, `UPDATE annotation SET play_count = play_count + 1 WHERE user_id = $1 AND item_id = $2`, user, item)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		_, err = db.ExecContext(ctx, `INSERT INTO annotation (user_id, item_id, play_count) VALUES ($1, $2, 0)`, user, item)
	}
	return err
}

// Near miss: the loser's unique violation says the row is there now, and
// it updates again: one row, every play counted.
func CountPlayRetried(ctx context.Context, pool *pgxpool.Pool, user, item string) error {
	tag, err := pool.Exec(ctx, `UPDATE annotation SET play_count = play_count + 1 WHERE user_id = $1 AND item_id = $2`, user, item)
	if err != nil || tag.RowsAffected() > 0 {
		return err
	}
	_, err = pool.Exec(ctx, `INSERT INTO annotation (user_id, item_id, play_count) VALUES ($1, $2, 1)`, user, item)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		_, err = pool.Exec(ctx, `UPDATE annotation SET play_count = play_count + 1 WHERE user_id = $1 AND item_id = $2`, user, item)
	}
	return err
}

// The same on pgx without the retry.
func CountPlayPgx(ctx context.Context, pool *pgxpool.Pool, user, item string) error {
	tag, err := pool.Exec(ctx, `UPDATE annotation SET play_count = play_count + 1 WHERE user_id = $1 AND item_id = $2`, user, item) // want `update-else-insert race`
	if err != nil || tag.RowsAffected() > 0 {
		return err
	}
	_, err = pool.Exec(ctx, `INSERT INTO annotation (user_id, item_id, play_count) VALUES ($1, $2, 1)`, user, item)
	return err
}

// Near miss: the transaction first locks the user's row, which every
// play of that user locks first: the second waits and finds the row.
func CountPlayLocked(ctx context.Context, db *sql.DB, user, item string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, user); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE annotation SET play_count = play_count + 1 WHERE user_id = $1 AND item_id = $2`, user, item)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO annotation (user_id, item_id, play_count) VALUES ($1, $2, 1)`, user, item); err != nil {
			return err
		}
	}
	return tx.Commit()
}

type Bookmark struct {
	UserID   string
	ItemID   string
	Position int64
}

// gorm: RowsAffected of the update is the count of rows it found.
func SaveBookmark(db *gorm.DB, user, item string, pos int64) error {
	res := db.Model(&Bookmark{}).Where("user_id = ? AND item_id = ?", user, item).Update("position", pos) // want `update-else-insert race`
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return db.Create(&Bookmark{UserID: user, ItemID: item, Position: pos}).Error
	}
	return nil
}

// refreshQuota is the module's own update, which answers whether the
// caller is still under its quota, not how many rows it changed.
func refreshQuota(ctx context.Context, db *sql.DB, user string) bool {
	res, err := db.ExecContext(ctx, `UPDATE quotas SET checked_at = now() WHERE user_id = $1 AND used < 10`, user)
	if err != nil {
		return false
	}
	n, _ := res.RowsAffected()
	return n > 0
}

// Near miss: the helper's false says "over quota", and what runs then is
// a record of the refusal, one per refused call.
func Guarded(ctx context.Context, db *sql.DB, user string) error {
	if !refreshQuota(ctx, db, user) {
		_, err := db.ExecContext(ctx, `INSERT INTO quotas (user_id, used) VALUES ($1, 0)`, user)
		return err
	}
	return nil
}

type Track struct {
	ID    string
	Path  string
	Title string
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Near miss: a new track gets a fresh id here, so the update by id finds
// no row only for an id a caller chose, which no twin shares.
func SaveTrack(ctx context.Context, db *sql.DB, t *Track) error {
	if t.ID == "" {
		t.ID = newID()
	}
	res, err := db.ExecContext(ctx, `UPDATE tracks SET title = $2 WHERE id = $1`, t.ID, t.Title)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_, err = db.ExecContext(ctx, `INSERT INTO tracks (id, path, title) VALUES ($1, $2, $3)`, t.ID, t.Path, t.Title)
	}
	return err
}

// Keyed by the file's path, a natural key: two scans of one new file
// both update nothing and both insert.
func SaveTrackByPath(ctx context.Context, db *sql.DB, t *Track) error {
	res, err := db.ExecContext(ctx, `UPDATE tracks SET title = $2 WHERE path = $1`, t.Path, t.Title) // want `update-else-insert race`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_, err = db.ExecContext(ctx, `INSERT INTO tracks (id, path, title) VALUES ($1, $2, $3)`, newID(), t.Path, t.Title)
	}
	return err
}
