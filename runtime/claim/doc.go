// Package claim runs an operation at most once per idempotency key on
// PostgreSQL and replays its stored outcome to every retry. Claimer works on
// a pgx/v5 pool (the function gets a pgx.Tx); SQLClaimer is the same
// protocol over database/sql with any PostgreSQL driver (the function gets a
// *sql.Tx, which gorm, sqlx, bun and ent can run on). Both share one state
// machine and one set of statements.
//
// One transaction holds the claim, the business writes and the outcome:
//
//	INSERT INTO idemvet_claims ... ON CONFLICT DO NOTHING   -- the claim
//	... your writes, on the same pgx.Tx ...
//	UPDATE idemvet_claims SET status, body, ...             -- the outcome
//	COMMIT
//
// so either all of it commits or none of it does: a crash, an error or a
// killed connection leaves the key unclaimed and a retry executes again, and
// no committed effect lacks its outcome. There is no check-then-act: the
// unique primary key (scope, operation, key) decides who executes.
//
// # Duplicates
//
// A duplicate that arrives while the first transaction is open waits on the
// primary key. If the first commits, the duplicate replays its outcome; if it
// rolls back, the duplicate executes. The wait is bounded by
// Options.LockTimeout, after which Do returns an InProgressError (HTTP 409
// with Retry-After); Options.MaxWaiters caps how many calls per key wait.
// With Options.NonBlocking a duplicate gets the InProgressError at once and
// holds no connection while the first runs (see gate.go for why that never
// refuses a key nobody holds). Options.HoldTimeout bounds, on the server,
// how long any claim's transaction may run or sit idle. A duplicate that arrives after the commit gets the
// stored outcome with Result.Replayed set; if its request fingerprint differs
// from the first request's, it gets a MismatchError (HTTP 422) instead, and
// learns nothing about the first request. Keys are scoped by tenant: the
// same key under another Scope is another operation.
//
// # Errors inside the operation
//
// An error from the function rolls back everything, claim included, so a
// retry runs the function again. A terminal business rejection that must stay
// stable across retries is returned with Reject: its writes are rolled back
// with the transaction, then the rejection outcome is stored under the key in
// a fresh transaction and replayed from then on (had another caller claimed
// the key in between, this call replays that caller's outcome instead).
// Serialization failures (40001) and deadlocks (40P01) make Do run the whole
// transaction again, at most Options.MaxAttempts times with jittered backoff.
// It works at READ COMMITTED (the usual session default), REPEATABLE READ and
// SERIALIZABLE; see Options.Isolation. At SERIALIZABLE, calls on different
// keys do not conflict: a first execution never reads the claims index.
//
// # Integrity
//
// A function must not end the transaction itself: one that commits it (an
// Exec of COMMIT, or Commit on the caller's tx in DoTx) gets a TxStateError,
// and the record, committed without an outcome, is answered with
// ErrMissingOutcome (HTTP 500, never 409) until an operator resolves it. An
// outcome that could not be replayed byte for byte is refused before the
// commit (ErrInvalidOutcome). Keys are opaque bytes: no normalisation.
//
// # Retention and what happens after expiry
//
// Each record gets expires_at = claim transaction's start + Options.TTL.
// A record is honoured, replayed and fingerprint-checked, from its commit
// until Sweep deletes it, which happens only after expires_at: so a key is
// honoured for at least TTL, and for at most TTL plus the time until the next
// Sweep. Between expiry and the sweep an expired record is still replayed:
// expiry is a permission to delete, not a deadline.
//
// Once the record is deleted the key is unknown: a call with the same key
// executes again as a new operation, and a different payload is no longer
// detected as a mismatch. So TTL must exceed the longest time any client may
// retry one intent. If the business also needs duplicates prevented beyond
// that horizon, enforce it with a business unique constraint (an order number,
// a payment reference), which the claim complements and does not replace.
//
// # Round trips
//
// With pgx, a first execution costs three round trips plus the function's
// own, as a bare BEGIN/INSERT/COMMIT does: the claim (sent in one pipeline
// with BEGIN), then the function, then the outcome with COMMIT. A replay is
// answered after one round trip: the claim statement reads the existing
// record when it conflicts; the empty transaction's COMMIT follows after the
// answer, before the connection returns to the pool. No statement fails on
// purpose, so replays leave no error in the server log. A rejection costs
// one more transaction. DoTx, inside the caller's transaction, costs one
// more round trip for a replay. Over database/sql each statement is its own
// round trip.
package claim
