// Package pgxscan is a stub of scany's pgx flavour.
package pgxscan

import "context"

// Querier is what Get and Select run on (a pool, a conn, a tx).
type Querier interface{}

// Get runs query and scans its one row into dst.
func Get(ctx context.Context, db Querier, dst any, query string, args ...any) error { return nil }

// Select runs query and scans every row into dst, a slice.
func Select(ctx context.Context, db Querier, dst any, query string, args ...any) error { return nil }

// NotFound reports whether err is the no-rows error.
func NotFound(err error) bool { return false }
