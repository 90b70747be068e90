// Package sqlfilescheck keeps its SQL in a .sql file with goyesql-style
// "-- name:" sections, loaded into a name → text map.
package sqlfilescheck

import (
	"context"
	"database/sql"
	"embed"
	"errors"
)

//go:embed queries/*.sql
var queryFS embed.FS

var queries = load(queryFS)

// load splits the embedded files at their "-- name:" markers.
func load(fsys embed.FS) map[string]string { return map[string]string{} }

func deliver(ctx context.Context, db *sql.DB, eventID string) error {
	var id int64
	err := db.QueryRowContext(ctx, queries["find-delivery"], eventID).Scan(&id) // want `check-then-act race: the existence check on deliveries`
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, queries["record-delivery"], eventID)
	return err
}

// Near miss: the file's insert has ON CONFLICT DO NOTHING.
func deliverOnce(ctx context.Context, db *sql.DB, eventID string) error {
	var id int64
	err := db.QueryRowContext(ctx, queries["find-delivery"], eventID).Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, queries["record-delivery-once"], eventID)
	return err
}

// Near miss: the insert goes to another table.
func recordAttempt(ctx context.Context, db *sql.DB, eventID string) error {
	var id int64
	err := db.QueryRowContext(ctx, queries["find-delivery"], eventID).Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, queries["record-attempt"], eventID)
	return err
}
