package nextkeys

import (
	"context"
	"database/sql"
)

// One statement computes the post's number from the tenant's highest:
// two posts at once both read the same MAX and both insert that number.
func AddPost(ctx context.Context, tx *sql.Tx, tenantID int64, title string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, insertNumberedPost, title, tenantID).Scan(&id) // want `next-key race: this insert computes a value from MAX or COUNT of posts in the same statement`
	return id, err
}

const insertNumberedPost = `INSERT INTO posts (title, number, tenant_id)
	VALUES ($1, (SELECT COALESCE(MAX(number), 0) + 1 FROM posts p WHERE p.tenant_id = $2), $2)
	RETURNING id`

// The INSERT ... SELECT form, numbered by a count.
func OpenTicket(ctx context.Context, db *sql.DB, projectID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO tickets (project_id, seq) SELECT $1, count(*) + 1 FROM tickets WHERE project_id = $1`, projectID) // want `next-key race: this insert computes a value from MAX or COUNT of tickets`
	return err
}

// Near miss: the project's row is locked first in the same transaction,
// so the inserts of one project run one after the other.
func OpenTicketLocked(ctx context.Context, tx *sql.Tx, projectID int64) error {
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM projects WHERE id = $1 FOR UPDATE`, projectID).Scan(&id); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO tickets (project_id, seq) SELECT $1, count(*) + 1 FROM tickets WHERE project_id = $1`, projectID)
	return err
}

// Near miss: the maximum is of another table (an archive), which these
// inserts never add to.
func RestorePost(ctx context.Context, db *sql.DB, tenantID int64, title string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO posts (title, number, tenant_id) VALUES ($1, (SELECT MAX(number) FROM archived_posts WHERE tenant_id = $2), $2)`, title, tenantID)
	return err
}

// Near miss: the clash is the statement's to settle (ON CONFLICT).
func AddPostOnce(ctx context.Context, db *sql.DB, tenantID int64, title string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO posts (title, number, tenant_id)
		VALUES ($1, (SELECT COALESCE(MAX(number), 0) + 1 FROM posts WHERE tenant_id = $2), $2)
		ON CONFLICT (tenant_id, number) DO NOTHING`, title, tenantID)
	return err
}
