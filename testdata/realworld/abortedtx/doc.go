// Package abortedtx holds real-library cases for the abortedtx check:
// pgx, database/sql and gorm handlers that keep using a PostgreSQL
// transaction after a statement on it failed.
package abortedtx
