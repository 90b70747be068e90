package fixesent

import (
	"context"
	"database/sql"
)

// The unique handle comes from the mixin Org mixes in.
func addOrg(ctx context.Context, db *sql.DB, handle string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM orgs WHERE handle = $1`, handle).Scan(&n); err != nil { // want `check-then-act race: [^;]*$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO orgs (handle) VALUES ($1)`, handle)
		return err
	}
	return nil
}

// The composite index comes from a mixin of another package.
func addArticle(ctx context.Context, db *sql.DB, tenant, slug string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM articles WHERE tenant = $1 AND slug = $2`, tenant, slug).Scan(&n); err != nil { // want `check-then-act race: [^;]*$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO articles (tenant, slug) VALUES ($1, $2)`, tenant, slug)
		return err
	}
	return nil
}

// No fix: the mixin's created_by is not unique.
func addNote(ctx context.Context, db *sql.DB, author string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM notes WHERE created_by = $1`, author).Scan(&n); err != nil { // want `; no fix: ent/schema/mixed.go declares no unique constraint on notes \(created_by\), so a conditional insert would store both rows; add one first \(CREATE UNIQUE INDEX CONCURRENTLY notes_created_by_key ON notes \(created_by\)\), or claim the key with runtime/claim$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO notes (created_by) VALUES ($1)`, author)
		return err
	}
	return nil
}

// No fix: whether the mixin's key is unique depends on its configuration,
// which the schema's text does not settle.
func addToken(ctx context.Context, db *sql.DB, key string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM tokens WHERE key = $1`, key).Scan(&n); err != nil { // want `; no fix: ent/schema/mixed.go declares no unique constraint on tokens \(key\)`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO tokens (key) VALUES ($1)`, key)
		return err
	}
	return nil
}
