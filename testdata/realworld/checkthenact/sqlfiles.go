package checkthenact

import (
	"bufio"
	"context"
	"database/sql"
	"embed"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// The SQL of these cases lives in queries/*.sql: whole files embedded as
// strings, and goyesql-style files whose "-- name:" sections a loader
// reads into a name → text map.

//go:embed queries/*.sql
var queryFiles embed.FS

//go:embed queries/insert_grant.sql
var insertGrant string

//go:embed queries/claim_grant.sql
var claimGrant string

var namedQueries = loadNamedQueries(queryFiles, "queries/coupons.sql")

// loadNamedQueries splits a file at its "-- name: X" markers.
func loadNamedQueries(fsys embed.FS, path string) map[string]string {
	b, err := fsys.ReadFile(path)
	if err != nil {
		panic(err)
	}
	queries := map[string]string{}
	var name string
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		line := sc.Text()
		if n, ok := strings.CutPrefix(line, "-- name:"); ok {
			name = strings.TrimSpace(n)
			continue
		}
		queries[name] += line + "\n"
	}
	return queries
}

// RedeemNamed looks the redemption up and inserts it with the named
// queries of queries/coupons.sql.
func RedeemNamed(ctx context.Context, db *sql.DB, coupon string, userID int64) error {
	var id int64
	err := db.QueryRowContext(ctx, namedQueries["find-redemption"], coupon, userID).Scan(&id) // want:checkthenact
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, namedQueries["insert-redemption"], coupon, userID)
	return err
}

// RedeemNamedOnce inserts with the section that has ON CONFLICT DO NOTHING.
func RedeemNamedOnce(ctx context.Context, db *sql.DB, coupon string, userID int64) error {
	var id int64
	err := db.QueryRowContext(ctx, namedQueries["find-redemption"], coupon, userID).Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, namedQueries["insert-redemption-once"], coupon, userID)
	return err
}

// GrantEmbedded checks with inline SQL and inserts with the embedded
// queries/insert_grant.sql.
func GrantEmbedded(ctx context.Context, pool *pgxpool.Pool, userID int64, plan string) error {
	var exists bool
	err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM grants WHERE user_id = $1 AND plan = $2)`, userID, plan).Scan(&exists) // want:checkthenact
	if err != nil || exists {
		return err
	}
	_, err = pool.Exec(ctx, insertGrant, userID, plan)
	return err
}

// GrantEmbeddedOnce inserts with queries/claim_grant.sql, whose INSERT
// has ON CONFLICT DO NOTHING.
func GrantEmbeddedOnce(ctx context.Context, pool *pgxpool.Pool, userID int64, plan string) error {
	var exists bool
	err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM grants WHERE user_id = $1 AND plan = $2)`, userID, plan).Scan(&exists)
	if err != nil || exists {
		return err
	}
	_, err = pool.Exec(ctx, claimGrant, userID, plan)
	return err
}
