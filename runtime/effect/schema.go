package effect

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/idemvet/idemvet/runtime/claim"
)

// SchemaSQL is the schema Migrate applies, for teams that run their own
// migration tool. It is the embedded schema.sql, so the two cannot drift.
//
//go:embed schema.sql
var SchemaSQL string

// Table is the table that holds the operations.
const Table = "idemvet_effects"

// migrateLockID serialises concurrent Migrate calls (CREATE ... IF NOT
// EXISTS is not safe against itself). Arbitrary but fixed, and distinct from
// the claim package's.
const migrateLockID = 0x1de7e7e44ec7

// Migrate creates the operations table and its index if they are missing.
// *pgxpool.Pool, *pgx.Conn and pgx.Tx all qualify as db.
func Migrate(ctx context.Context, db claim.Beginner) error {
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("effect: migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrateLockID)); err != nil {
		return fmt.Errorf("effect: migrate: %w", err)
	}
	if _, err := tx.Exec(ctx, SchemaSQL); err != nil {
		return fmt.Errorf("effect: migrate: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("effect: migrate: %w", err)
	}
	return nil
}
