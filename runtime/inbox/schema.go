package inbox

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/idemvet/idemvet/runtime/claim"
)

// SchemaSQL is the inbox's own schema, applied by Migrate after
// claim.SchemaSQL. It is the embedded schema.sql.
//
//go:embed schema.sql
var SchemaSQL string

// FailuresTable counts the failed attempts of each message.
const FailuresTable = "idemvet_inbox_failures"

// Migrate creates the claims table (claim.Migrate) and the failures table
// if they are missing.
func Migrate(ctx context.Context, db claim.Beginner) error {
	if err := claim.Migrate(ctx, db); err != nil {
		return err
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("inbox: migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	// No arguments: one simple-protocol query, so the file may hold several
	// statements.
	if _, err := tx.Exec(ctx, SchemaSQL); err != nil {
		return fmt.Errorf("inbox: migrate: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("inbox: migrate: %w", err)
	}
	return nil
}
