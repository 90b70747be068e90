// Package querylayers: a check and an insert each run through a query
// wrapper that takes the SQL text from its caller (dbx.Trx.Exists and
// Execute) are the check and the insert the text says.
package querylayers

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"

	"querylayers/dbx"
)

type handler func(trx *dbx.Trx) error

func using(ctx context.Context, h handler) error {
	trx, _ := ctx.Value("trx").(*dbx.Trx)
	return h(trx)
}

func AssignTag(ctx context.Context, postID, tagID int64) error {
	return using(ctx, func(trx *dbx.Trx) error {
		assigned, err := trx.Exists("SELECT 1 FROM post_tags WHERE post_id = $1 AND tag_id = $2", postID, tagID) // want `check-then-act race: the existence check on post_tags and the insert at line \d+`
		if err != nil {
			return err
		}
		if assigned {
			return nil
		}
		_, err = trx.Execute("INSERT INTO post_tags (post_id, tag_id) VALUES ($1, $2)", postID, tagID)
		return err
	})
}

// Near miss: the insert is ON CONFLICT DO NOTHING; the check only saves
// a statement.
func AssignTagOnConflict(ctx context.Context, postID, tagID int64) error {
	return using(ctx, func(trx *dbx.Trx) error {
		assigned, err := trx.Exists("SELECT 1 FROM post_tags WHERE post_id = $1 AND tag_id = $2", postID, tagID)
		if err != nil {
			return err
		}
		if assigned {
			return nil
		}
		_, err = trx.Execute("INSERT INTO post_tags (post_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", postID, tagID)
		return err
	})
}

// Near miss: the unique violation of the insert is the duplicate outcome.
func AssignTagHandled(trx *dbx.Trx, postID, tagID int64) error {
	assigned, err := trx.Exists("SELECT 1 FROM post_tags WHERE post_id = $1 AND tag_id = $2", postID, tagID)
	if err != nil || assigned {
		return err
	}
	_, err = trx.Execute("INSERT INTO post_tags (post_id, tag_id) VALUES ($1, $2)", postID, tagID)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return nil
	}
	return err
}

func RegisterUser(trx *dbx.Trx, email string) (int64, error) {
	var id int64
	err := trx.Scalar(&id, "SELECT id FROM users WHERE email = $1", email) // want `check-then-act race: the existence check on users and the insert at line \d+`
	if errors.Is(err, sql.ErrNoRows) {
		err = trx.Scalar(&id, "INSERT INTO users (email) VALUES ($1) RETURNING id", email)
	}
	return id, err
}

// Near miss: the lookup is of one table and the insert of another.
func RegisterLogin(trx *dbx.Trx, email string) error {
	var id int64
	err := trx.Scalar(&id, "SELECT id FROM users WHERE email = $1", email)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = trx.Execute("INSERT INTO login_attempts (email) VALUES ($1)", email)
	}
	return err
}
