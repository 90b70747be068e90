package claim

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// SchemaSQL is the schema Migrate applies, for teams that run their own
// migration tool. It is the embedded schema.sql, so the two cannot drift.
//
//go:embed schema.sql
var SchemaSQL string

// Table is the table that holds the claims.
const Table = "idemvet_claims"

// Beginner is what Migrate needs: *pgxpool.Pool, *pgx.Conn and pgx.Tx all
// qualify.
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// migrateLockID is the advisory lock that serialises concurrent Migrate calls
// (CREATE ... IF NOT EXISTS is not safe against itself). Arbitrary but fixed.
const migrateLockID = 0x1de7e7c1a1

// Migrate creates the claims table and its index if they are missing.
func Migrate(ctx context.Context, db Beginner) error {
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("claim: migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrateLockID)); err != nil {
		return fmt.Errorf("claim: migrate: %w", err)
	}
	// No arguments: pgx sends it as one simple-protocol query, so the file may
	// hold several statements.
	if _, err := tx.Exec(ctx, SchemaSQL); err != nil {
		return fmt.Errorf("claim: migrate: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("claim: migrate: %w", err)
	}
	return nil
}
