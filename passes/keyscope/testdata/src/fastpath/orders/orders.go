package orders // want "skipped"

import (
	"context"
	"database/sql"
)

func Find(ctx context.Context, db *sql.DB, merchantID, id string) error {
	_, err := db.QueryContext(ctx, `SELECT * FROM orders WHERE id = $1`, id)
	return err
}
