package claim

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

//go:embed schema.sql
var schemaTemplate string

// SchemaSQL is the schema Migrate applies for the default table
// (idemvet_claims in the search_path), for teams that run their own
// migration tool; Schema renders it for another name. Both come from the
// embedded schema.sql, so they cannot drift from Migrate.
var SchemaSQL = mustSchema(Options{})

// Table is the default name of the table that holds the claims.
const Table = "idemvet_claims"

// schemaVersion is the version this release reads and writes, recorded in
// the table's comment.
const schemaVersion = 1

// Schema is the schema SQL for the table named by opts.Schema and
// opts.Table (defaults filled in).
func Schema(opts Options) (string, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return "", err
	}
	return strings.NewReplacer(
		"{table}", opts.tableName(),
		"{name_pkey}", pgx.Identifier{opts.Table + "_pkey"}.Sanitize(),
		"{name_expires_at}", pgx.Identifier{opts.Table + "_expires_at"}.Sanitize(),
	).Replace(schemaTemplate), nil
}

func mustSchema(opts Options) string {
	s, err := Schema(opts)
	if err != nil {
		panic(err)
	}
	return s
}

// Beginner is what Migrate needs: *pgxpool.Pool, *pgx.Conn and pgx.Tx all
// qualify.
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// Migrate creates the default claims table (see SchemaSQL) if it is
// missing, and checks an existing one; see Claimer.Migrate.
func Migrate(ctx context.Context, db Beginner) error {
	return migratePgx(ctx, db, Options{})
}

// Migrate creates the Claimer's table (Options.Schema, Options.Table) and
// its index if they are missing, and checks an existing table: it must
// record schema version 1 in its comment (a table created by an earlier
// release without the comment is adopted if its columns match) and have the
// columns and primary key this release uses. Otherwise it fails with an
// error naming the difference, instead of every call failing later.
func (c *Claimer) Migrate(ctx context.Context) error {
	return migratePgx(ctx, c.pool, c.opts)
}

func migratePgx(ctx context.Context, db Beginner, opts Options) error {
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("claim: migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	m := migration{
		exec: func(sql string, args ...any) error { _, err := tx.Exec(ctx, sql, args...); return err },
		row:  func(sql string, args ...any) scanner { return tx.QueryRow(ctx, sql, args...) },
	}
	if err := m.run(opts); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("claim: migrate: %w", err)
	}
	return nil
}

func migrateSQL(ctx context.Context, db *sql.DB, opts Options) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("claim: migrate: %w", err)
	}
	defer tx.Rollback()
	m := migration{
		exec: func(sql string, args ...any) error { _, err := tx.ExecContext(ctx, sql, args...); return err },
		row:  func(sql string, args ...any) scanner { return tx.QueryRowContext(ctx, sql, args...) },
	}
	if err := m.run(opts); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("claim: migrate: %w", err)
	}
	return nil
}

type scanner interface{ Scan(dest ...any) error }

// migration is Migrate on one transaction of either flavour.
type migration struct {
	exec func(sql string, args ...any) error
	row  func(sql string, args ...any) scanner
}

// migrateLockID is the advisory lock that serialises concurrent Migrate calls
// (CREATE ... IF NOT EXISTS is not safe against itself). Arbitrary but fixed.
const migrateLockID = 0x1de7e7c1a1

// expectedColumns are the columns of schema.sql as format_type spells them.
var expectedColumns = []string{
	"scope text", "operation text", "key text", "fingerprint bytea", "status integer", "body bytea",
	"headers jsonb", "resource_id text", "rejected boolean",
	"created_at timestamp with time zone", "expires_at timestamp with time zone",
}

var versionComment = regexp.MustCompile(`^idemvet claims, schema version (\d+)$`)

func (m migration) run(opts Options) error {
	opts, err := opts.withDefaults()
	if err != nil {
		return err
	}
	name := opts.tableName()
	fail := func(format string, args ...any) error {
		return fmt.Errorf("claim: migrate: table %s: "+format, append([]any{name}, args...)...)
	}
	if err := m.exec("SELECT pg_advisory_xact_lock($1)", int64(migrateLockID)); err != nil {
		return fail("%w", err)
	}
	var exists bool
	var comment *string
	if err := m.row("SELECT to_regclass($1) IS NOT NULL, obj_description(to_regclass($1), 'pg_class')", name).Scan(&exists, &comment); err != nil {
		return fail("%w", err)
	}
	if exists {
		if comment != nil {
			match := versionComment.FindStringSubmatch(*comment)
			if match == nil {
				return fail("its comment %q does not name an idemvet schema version; is it another table?", *comment)
			}
			if v, _ := strconv.Atoi(match[1]); v != schemaVersion {
				return fail("schema version %d, this release uses version %d", v, schemaVersion)
			}
		}
		if err := m.check(name); err != nil {
			return fail("%w", err)
		}
	}
	// Without arguments both drivers send the file as one simple query, so
	// it may hold several statements. On an existing table it only records
	// the version.
	schema, err := Schema(opts)
	if err != nil {
		return err
	}
	if err := m.exec(schema); err != nil {
		return fail("%w", err)
	}
	return nil
}

// check compares an existing table's columns and primary key with
// schema.sql. Extra columns are tolerated when an insert can leave them out.
func (m migration) check(name string) error {
	var columns, pkey string
	err := m.row(`SELECT
		coalesce((SELECT string_agg(attname || ' ' || format_type(atttypid, atttypmod)
			|| CASE WHEN attnotnull AND NOT atthasdef THEN ' required' ELSE '' END, ',' ORDER BY attnum)
		FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped), ''),
		coalesce((SELECT string_agg(a.attname, ',' ORDER BY k.ord)
		FROM pg_constraint c CROSS JOIN unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
		JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
		WHERE c.conrelid = to_regclass($1) AND c.contype = 'p'), '')`, name).Scan(&columns, &pkey)
	if err != nil {
		return err
	}
	have := map[string]string{} // name -> "type" or "type required"
	for _, col := range strings.Split(columns, ",") {
		n, rest, _ := strings.Cut(col, " ")
		have[n] = rest
	}
	var problems []string
	for _, col := range expectedColumns {
		n, typ, _ := strings.Cut(col, " ")
		got, ok := have[n]
		delete(have, n)
		switch {
		case !ok:
			problems = append(problems, "column "+n+" is missing")
		case strings.TrimSuffix(got, " required") != typ:
			problems = append(problems, fmt.Sprintf("column %s is %s, want %s", n, strings.TrimSuffix(got, " required"), typ))
		}
	}
	for n, got := range have {
		if strings.HasSuffix(got, " required") {
			problems = append(problems, "extra column "+n+" is NOT NULL without a default")
		}
	}
	if pkey != "scope,operation,key" {
		problems = append(problems, fmt.Sprintf("primary key is (%s), want (scope,operation,key)", pkey))
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return fmt.Errorf("does not match schema version %d: %s", schemaVersion, strings.Join(problems, "; "))
	}
	return nil
}
