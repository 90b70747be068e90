// Package sqlclass classifies SQL statement text for the idemvet passes: the
// statement kind, its target table, and the clauses that decide whether a
// write is atomic (ON CONFLICT, FOR UPDATE, advisory transaction locks,
// isolation levels). It works on tokens from a small lexer, so comments,
// quoted identifiers and string or dollar quoting never confuse it.
package sqlclass

// Kind is the kind of one SQL statement.
type Kind int

const (
	Unknown        Kind = iota // empty, unparsable or not recognised
	Select                     // SELECT, VALUES, TABLE, WITH ... SELECT
	Insert                     // INSERT (see Statement.OnConflict)
	Update                     // UPDATE
	Delete                     // DELETE
	Merge                      // MERGE
	Begin                      // BEGIN, START TRANSACTION
	Commit                     // COMMIT, END
	Rollback                   // ROLLBACK, ABORT (not ROLLBACK TO SAVEPOINT)
	Savepoint                  // SAVEPOINT, ROLLBACK TO SAVEPOINT, RELEASE
	SetTransaction             // SET TRANSACTION / SET SESSION CHARACTERISTICS
	Lock                       // LOCK TABLE
	Other                      // DDL, SET, anything else recognised as a statement
)

// Statement is what the classifier learned about one statement.
type Statement struct {
	Kind Kind
	// Table is the target table of an INSERT/UPDATE/DELETE/MERGE/LOCK, or the
	// first table in the FROM clause of a SELECT; lower-cased, unquoted,
	// schema-qualified as written ("billing.payments"). Empty when unknown.
	Table string
	// Exists marks a SELECT that only probes for existence:
	// SELECT EXISTS(...), SELECT 1 FROM ..., SELECT count(*) FROM ...
	Exists bool
	// OnConflict is set for INSERT ... ON CONFLICT; DoNothing tells which
	// action. An INSERT ... SELECT ... WHERE NOT EXISTS is reported as
	// InsertIfAbsent instead.
	OnConflict          bool
	OnConflictDoNothing bool
	InsertIfAbsent      bool
	// PicksOne is set for a SELECT whose own LIMIT 1 (FETCH FIRST ROW
	// ONLY) takes one row of those its WHERE matches: any one of many,
	// where two concurrent statements may take the same.
	PicksOne bool
	// Latest is set for a SELECT whose own ORDER BY sorts descending and
	// whose own LIMIT 1 takes the first row: the newest row of a history
	// (ORDER BY created_at DESC LIMIT 1).
	Latest bool
	// ForUpdate is set for SELECT ... FOR UPDATE / FOR NO KEY UPDATE /
	// FOR SHARE / FOR KEY SHARE (row locks held to the end of the tx).
	ForUpdate bool
	// AdvisoryXactLock is set when the statement calls pg_advisory_xact_lock
	// or pg_try_advisory_xact_lock (released at commit); AdvisoryLock for the
	// session-level pg_advisory_lock / pg_try_advisory_lock.
	AdvisoryXactLock bool
	AdvisoryLock     bool
	// Isolation is the isolation level named by BEGIN/START TRANSACTION/SET
	// TRANSACTION, lower-case with single spaces ("serializable",
	// "repeatable read"), or "".
	Isolation string
	// Returning is set when the statement has a RETURNING clause.
	Returning bool
	// Schema is set for a statement that changes the schema (CREATE,
	// ALTER, DROP, TRUNCATE, COMMENT ON): the code that runs it is a
	// migration or a store bootstrapping its tables, not request handling.
	Schema bool
	// ConflictColumns are the columns an INSERT's ON CONFLICT (a, b) names:
	// what a twin must repeat for the insert to do nothing. MatchColumns
	// are the columns a SELECT's own WHERE clause sets equal to a value
	// (email = $1 AND tenant_id = $2), or its EXISTS subquery's: what the
	// check looks the row up by; for an INSERT ... WHERE NOT EXISTS, its
	// probe's. Both are lower-cased, unqualified and
	// joined by commas in the statement's order, and empty when there are
	// none or they cannot be read (ON CONSTRAINT, an expression, an OR).
	ConflictColumns string
	MatchColumns    string
	// WhereNames are the names a SELECT's WHERE clause mentions outside
	// its subqueries, lower-cased, unqualified and joined by commas: a
	// column not among them is not one the check looks rows up by, even
	// where an OR leaves MatchColumns empty.
	WhereNames string
	// InsertColumns are the columns an INSERT's column list names, in the
	// same form: an insert that names no key column leaves its key to the
	// database (a serial or a default uuid), new on every run.
	InsertColumns string
	// StateGuard is set for an UPDATE or DELETE whose WHERE clause also
	// tests a column that is not a key (status = 'pending', paid_at IS
	// NULL, version = $3), or for an upsert whose DO UPDATE has a WHERE:
	// it changes the row only from the state the caller expects, so rows
	// affected tells who made the transition.
	StateGuard bool
	// Counts names the tables, joined by commas, that the count(...)
	// subqueries of a SELECT's output list count (SELECT e.capacity,
	// (SELECT count(*) FROM reservations r WHERE r.event_id = e.id) FROM
	// events e): the numbers a limit is compared with, read beside the row.
	Counts string
	// SelectsByState is set for a SELECT whose own WHERE clause tests a
	// column that is not a key, as StateGuard's does (sent_at IS NULL,
	// status = 'pending'): the rows it returns are picked by their state.
	SelectsByState bool
	// Transition is set for an UPDATE whose WHERE compares a column its
	// SET assigns (SET status = 'paid' WHERE ... AND status = 'pending'):
	// of two concurrent statements only one changes the row.
	Transition bool
	// NextFromAggregate is set for an INSERT whose values select MAX(...)
	// or COUNT(...) of its own table (number = (SELECT COALESCE(MAX(number),
	// 0) + 1 FROM posts WHERE tenant_id = $1), or INSERT ... SELECT MAX(n) +
	// 1 FROM t): two such statements running at once read the same
	// aggregate, neither seeing the other's uncommitted row, and both
	// insert the same next value.
	NextFromAggregate bool
	// Relative is set for an UPDATE whose SET computes a column from its
	// own value (n = n + 1, balance = balance - $1, tags = tags || $2),
	// and for an upsert whose DO UPDATE does (balance = t.balance +
	// EXCLUDED.balance): running it twice changes the row twice, unlike an
	// absolute SET (email = EXCLUDED.email).
	Relative bool
}
