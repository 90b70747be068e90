// Package fixesbun runs SQL on bun's database handle against the tables
// its models declare: the fix is offered where the models' bun tags make
// the twin's row conflict.
package fixesbun

import (
	"context"

	"github.com/uptrace/bun"
)

func open(ctx context.Context, db *bun.DB, email string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM accounts WHERE email = $1`, email).Scan(&n); err != nil { // want `check-then-act race: [^;]*$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO accounts (email) VALUES ($1)`, email)
		return err
	}
	return nil
}

// The composite unique:team_user group, one column renamed in the tag.
func join(ctx context.Context, db *bun.DB, team, user int64) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM team_members WHERE team_id = $1 AND user_id = $2`, team, user).Scan(&n); err != nil { // want `check-then-act race: [^;]*$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO team_members (team_id, user_id) VALUES ($1, $2)`, team, user)
		return err
	}
	return nil
}

// No fix: visits is unique only on its id, and the check looks up path.
func visit(ctx context.Context, db *bun.DB, path string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM visits WHERE path = $1`, path).Scan(&n); err != nil { // want `; no fix: models.go declares no unique constraint on visits \(path\), so a conditional insert would store both rows; add one first \(CREATE UNIQUE INDEX CONCURRENTLY visits_path_key ON visits \(path\)\), or claim the key with runtime/claim$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO visits (path) VALUES ($1)`, path)
		return err
	}
	return nil
}
