package summaries

import (
	"context"
	"database/sql"
	"errors"

	"github.com/lib/pq"
)

var errSettingTaken = errors.New("value taken by another user")

// An upsert on (user_id, key_name) that answers a unique violation: the
// table has another unique key, whose violation the helper turns into an
// answer (otherkeys).
func putSettingAnswered(ctx context.Context, db *sql.DB, user int64, key, value string) error { // want putSettingAnswered:"otherkeys"
	_, err := db.ExecContext(ctx, `INSERT INTO settings (user_id, key_name, value) VALUES ($1, $2, $3) ON CONFLICT (user_id, key_name) DO UPDATE SET value = $3`, user, key, value)
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return errSettingTaken
	}
	return err
}

// Near miss: the same upsert expects no other key.
func putSetting(ctx context.Context, db *sql.DB, user int64, key, value string) error { // want putSetting:"overwrites$"
	_, err := db.ExecContext(ctx, `INSERT INTO settings (user_id, key_name, value) VALUES ($1, $2, $3) ON CONFLICT (user_id, key_name) DO UPDATE SET value = $3`, user, key, value)
	return err
}
