// Package bunrepo holds the workspace and growth repositories, written with
// bun on top of the pgx stdlib driver.
package bunrepo

import (
	"database/sql"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// Open wraps an *sql.DB opened with the "pgx" driver.
func Open(sqldb *sql.DB) *bun.DB {
	return bun.NewDB(sqldb, pgdialect.New())
}
