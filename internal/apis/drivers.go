package apis

import (
	"bytes"
	"slices"
	"strings"
)

// Drivers tell which database a database/sql, sqlx, gorm, bun or ent
// handle talks to. PostgreSQL aborts a transaction at its first failed
// statement; MySQL and SQLite roll back only the failed statement and let
// the transaction go on, so statements after an error are not a bug there.

var postgresDrivers = []string{
	"github.com/lib/pq",
	"github.com/jackc/pgx", // pgx itself, stdlib, v4 and v5
	"gorm.io/driver/postgres",
	"github.com/uptrace/bun/dialect/pgdialect",
	"github.com/uptrace/bun/driver/pgdriver",
	"github.com/cockroachdb/cockroach-go", // CockroachDB aborts as PostgreSQL does
}

var nonAbortingDrivers = []string{
	"github.com/go-sql-driver/mysql",
	"gorm.io/driver/mysql",
	"gorm.io/driver/sqlite",
	"github.com/glebarez/sqlite",
	"github.com/mattn/go-sqlite3",
	"modernc.org/sqlite",
	"github.com/uptrace/bun/dialect/mysqldialect",
	"github.com/uptrace/bun/dialect/sqlitedialect",
	"github.com/uptrace/bun/driver/sqliteshim",
}

// IsPostgresDriver reports whether path is a PostgreSQL driver or dialect.
func IsPostgresDriver(path string) bool { return underAny(path, postgresDrivers) }

// IsNonAbortingDriver reports whether path is a driver or dialect of a
// database that keeps a transaction usable after a failed statement.
func IsNonAbortingDriver(path string) bool { return underAny(path, nonAbortingDrivers) }

// RequiresSQLDriver reports whether a go.mod's text requires a module
// of a SQL driver or dialect this package knows: a module without one
// runs no SQL of its own.
func RequiresSQLDriver(gomod []byte) bool {
	for _, d := range slices.Concat(postgresDrivers, nonAbortingDrivers) {
		if bytes.Contains(gomod, []byte(d)) {
			return true
		}
	}
	return false
}

// IsSQLiteDriver reports whether path is a SQLite driver or dialect.
func IsSQLiteDriver(path string) bool {
	return IsNonAbortingDriver(path) && strings.Contains(path, "sqlite")
}

func underAny(path string, roots []string) bool {
	for _, r := range roots {
		if path == r || strings.HasPrefix(path, r+"/") {
			return true
		}
	}
	return false
}
