// Package abortedtx defines an Analyzer that reports statements issued on
// a PostgreSQL transaction after an earlier statement on it failed.
//
// # Analyzer abortedtx
//
// abortedtx: report statements on a PostgreSQL transaction that an earlier error has aborted
//
// In PostgreSQL a failed statement aborts the whole transaction: every
// later statement fails with SQLSTATE 25P02 ("current transaction is
// aborted, commands ignored until end of transaction block") until
// ROLLBACK or ROLLBACK TO SAVEPOINT, and COMMIT silently rolls back. Two
// dedup shapes run into it: a handler that treats a unique violation
// (23505) as "duplicate, read the existing row" and reads it on the same
// transaction; and a batch import that logs a failed insert and goes on
// inserting, whose COMMIT then loses the whole batch.
//
// The check looks at inserts, updates and deletes on a transaction
// (database/sql and sqlx Tx, pgx Tx, inside pgx.BeginFunc, sqlc's
// q.WithTx(tx), gorm inside Transaction or after Begin, bun, ent), directly
// or through a helper that runs the statement on a transaction parameter
// and returns its error (known through dataaccess facts). It follows the
// branch taken when the error is non-nil (err != nil, errors.As,
// a boolean test of the error, a type assertion) and reports the first
// statement (query, exec, commit, nested begin, a wrapper that runs one)
// issued on the same transaction on that path, including the same
// statement in a later iteration of a loop.
//
// It is silent when the path returns, rolls the transaction back, or runs
// ROLLBACK TO SAVEPOINT first (also through a helper that rolls the
// transaction it is given back to a savepoint before any other statement
// on it, exported as the fact "rollsBackTo", and also before the test
// that tells the error apart); when the failing statement ran in a
// savepoint (a pgx nested transaction from tx.Begin, rolled back on
// failure before the next statement on the outer transaction, which the
// failure aborts too until then, or a gorm Transaction nested in one);
// when the failure came
// from a helper that rolls the caller's transaction back to its savepoint
// on every path before returning the error (exported as the fact
// "recovers"); when the existing row is read through the pool or another
// connection; for INSERT ... ON CONFLICT, which does not fail on a
// duplicate; for reads, whose "not found" is no server error, and on the
// branch of errors.Is(err, ErrNoRows) (or err == ErrNoRows, and past err
// != ErrNoRows) or another domain sentinel (an
// UPDATE ... RETURNING that matched nothing) and of gorm v1's
// result.RecordNotFound(); when the error is discarded
// unseen; when a loop opens one transaction per item, itself or
// through a helper that begins its own; and in _test.go files, whose
// statements are a test's, failing on purpose as often as not.
//
// Databases that keep the transaction usable after a failed statement
// (MySQL, SQLite) are not reported. The rule: pgx handles are always
// PostgreSQL; a database/sql, sqlx, gorm, bun or ent handle is taken to be
// PostgreSQL unless the package reaches, through its imports, a MySQL or
// SQLite driver or dialect and no PostgreSQL one (lib/pq, pgx,
// gorm.io/driver/postgres, bun's pgdialect or pgdriver). A driver imported
// only by main is not visible from a repository package, which is then
// analysed as PostgreSQL code.
//
// WRONG:
//
//	_, err = tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
//	if isUniqueViolation(err) {
//		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id) // 25P02
//	}
//
// RIGHT:
//
//	err = pgx.BeginFunc(ctx, tx, func(tx pgx.Tx) error { // a savepoint
//		_, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
//		return err
//	})
//	if isUniqueViolation(err) {
//		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
//	}
//
// For a pgx Exec written as `_, err := tx.Exec(...)` (alone or as an if's
// init), a suggested fix wraps it in pgx.BeginFunc on the transaction,
// which opens a savepoint and rolls back to it on failure. Otherwise use
// a savepoint by hand, read the existing row through the pool, or INSERT
// ... ON CONFLICT DO NOTHING; github.com/idemvet/idemvet/runtime/claim
// records a claim with ON CONFLICT and never aborts the caller's
// transaction.
package abortedtx

import (
	_ "embed"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

//go:embed doc.go
var docSource string

// Doc is the analyzer's documentation: the "Analyzer abortedtx" section of the
// package comment above, which is also what go doc shows.
var Doc = analysisdoc.MustExtract(docSource, "abortedtx")
