// Package sqluser imports database/sql: the model builds its SSA.
package sqluser // want "SSA built"

import (
	"context"
	"database/sql"
)

var db *sql.DB

// Record inserts a payment; its summary fact reaches importers.
func Record(ctx context.Context, key string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO payments (key) VALUES ($1)", key)
	return err
}

// Ledger books payments; its Book method's summary fact reaches importers.
type Ledger struct{}

func (Ledger) Book(ctx context.Context, key string) error { return Record(ctx, key) }

// Format touches no data: it carries no fact.
func Format(key string) string { return "payment " + key }
