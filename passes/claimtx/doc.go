// Package claimtx defines an Analyzer that reports idempotency claims
// committed separately from the business write they guard.
//
// # Analyzer claimtx
//
// claimtx: report idempotency claims that commit separately from the write they guard
//
// A claim (an insert into an idempotency-key, dedup, processed-event or
// inbox table, a Claim/TryClaim/Reserve/MarkProcessed call, or a redis
// SETNX) says "this operation is done". When the claim commits on its own
// and the business write commits in another transaction, a crash, deploy
// or lost connection between the two commits leaves the key claimed and
// the work never done: every retry is answered as a duplicate, and no
// error appears anywhere.
//
// The check follows which handle each call runs on (an autocommit pool or
// db, or a transaction from database/sql, pgx, pgxpool, sqlx, gorm, ent,
// bun or sqlc's WithTx), through locals, struct fields, closures and
// wrapper functions in other packages. A handle chosen on different
// paths (sqlc's DBTX set to the pool, or to the caller's transaction when
// there is one) counts as the pool: on that path the claim autocommits.
// It reports a claim when the write it dominates
//
//   - runs in a transaction while the claim runs in autocommit mode;
//   - runs after the claim's own transaction has committed;
//   - runs on the transaction of a gorm Transaction or pgx.BeginFunc
//     callback while the claim inside the callback uses the outer handle;
//   - is a SQL write guarded by a redis SETNX, which no database
//     transaction can include (unless the key is deleted again on every
//     path after the write, which makes it a lock, not a claim).
//
// Only writes that run on an outcome of the claim count: a branch on its
// rows affected, the bool of SETNX or of a TryClaim wrapper (or, for a
// plain insert, a RETURNING claim or a wrapper, its error) must lead to
// the write. It stays silent when the claim and the write run
// on the same transaction; when the only thing after the claim is an
// external effect (persisting a PENDING intent before calling a provider
// is the outbox pattern); when the write's transaction also advances the
// claim's row (the idempotency-key state machine, whose key records where
// to resume); and whenever a handle's kind cannot be seen.
//
// WRONG:
//
//	tx, err := db.BeginTx(ctx, nil)
//	if err != nil {
//		return err
//	}
//	defer tx.Rollback()
//	res, err := db.ExecContext(ctx, // the pool: commits at once
//		`INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
//	if err != nil {
//		return err
//	}
//	if n, _ := res.RowsAffected(); n == 0 {
//		return nil // duplicate
//	}
//	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance - $1 WHERE id = $2`, amount, id); err != nil {
//		return err
//	}
//	return tx.Commit()
//
// RIGHT:
//
//	tx, err := db.BeginTx(ctx, nil)
//	if err != nil {
//		return err
//	}
//	defer tx.Rollback()
//	res, err := tx.ExecContext(ctx, // the transaction: commits with the write or not at all
//		`INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
//	if err != nil {
//		return err
//	}
//	if n, _ := res.RowsAffected(); n == 0 {
//		return nil // duplicate
//	}
//	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance - $1 WHERE id = $2`, amount, id); err != nil {
//		return err
//	}
//	return tx.Commit()
//
// When the transaction is already open at the claim and its type fits, a
// suggested fix runs the claim on it. When the claim is made on the pool
// just before the transaction begins, the fix moves it (with the
// statements that test its result) after the Begin, its error test and
// its deferred Rollback, onto the transaction, where nothing else runs in
// between; otherwise the message says why and names Claimer.DoTx. In
// other cases the diagnostic points to
// github.com/idemvet/idemvet/runtime/claim, whose Do and Tx run the claim,
// the work and the stored outcome in one transaction.
package claimtx

import (
	_ "embed"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

//go:embed doc.go
var docSource string

// Doc is the analyzer's documentation: the "Analyzer claimtx" section of the
// package comment above, which is also what go doc shows.
var Doc = analysisdoc.MustExtract(docSource, "claimtx")
