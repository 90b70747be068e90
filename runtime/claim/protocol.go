package claim

import (
	"strconv"
	"strings"
	"time"
)

// protocol is the SQL of the claim protocol as one Claimer sends it, shared
// by the pgx and database/sql flavours: the table name and the Claimer's
// bounds are rendered in as literals (so the text is fixed per Claimer and
// prepares once per connection), everything per call is a parameter.
type protocol struct {
	claim, store, lookup, sweep             string
	workSavepoint, rollbackToWork           string
	claimSavepoint, undoClaim, releaseClaim string
}

// claimSQL opens, bounds and claims, in one statement, so that a claim
// costs PostgreSQL one statement besides BEGIN:
//
//   - opened is empty when the key's record is already visible (a replay,
//     a mismatch, or DoTx's own earlier claim): then nothing below it runs,
//     neither the bounds, the gate nor the insert, which are most of a
//     replay's server time (testdata/floor/statements.sh). That probe of the
//     claims index runs only below SERIALIZABLE (a one-time filter on
//     transaction_isolation: under SERIALIZABLE the index is not even
//     scanned), where a read takes no predicate lock; under SERIALIZABLE a
//     replay pays for the insert's conflict instead, as below.
//   - opened, evaluated before the insert because it produces the row to
//     insert, sets statement_timeout and idle_in_transaction_session_timeout
//     (and transaction_timeout on PostgreSQL 17 and later) to
//     Options.HoldTimeout for the rest of the transaction, so that a
//     function that hangs, or ignores its context, cannot hold the key
//     forever: PostgreSQL ends the statement or the session, which rolls
//     the claim back. It then tries the key's gate ($6, see gate.go) and sets
//     the lock_timeout under which the insert waits for a concurrent holder:
//     Options.LockTimeout, or $7 when the gate is busy (busyLockTimeout in
//     non-blocking mode). The session's lock_timeout is saved first: it is
//     the is_local argument of the outer set_config, so it is certainly
//     evaluated before.
//   - claimed inserts the claim. Its RETURNING clause, evaluated once the
//     row is in, gives the function the session's lock_timeout back and adds
//     the gate id to idemvet.held, the transaction's list of keys it holds,
//     which storeSQL checks and the read below reports. (Without a claim the
//     transaction, or DoTx's savepoint, ends at once, taking the settings.)
//   - the read of the record that blocked the claim runs only when the
//     insert did not claim (a one-time filter: the index is not even
//     scanned after a claim). With opened's probe off, this keeps a first
//     execution under SERIALIZABLE free of reads of the claims index, so
//     that SERIALIZABLE transactions on different keys do not conflict
//     through predicate locks on shared index pages.
//
// Rows:
//
//   - (ctid, ...) when this transaction now holds the key;
//   - (NULL, fingerprint, outcome..., mine) when a record exists: committed,
//     or claimed earlier by this same transaction (mine, DoTx only);
//   - none when the blocking record was committed after this statement's
//     snapshot (READ COMMITTED; stricter levels raise 40001 instead): the
//     caller runs the claim again, which then reads it.
const claimSQL = `WITH opened AS (
	SELECT {bounds}set_config('lock_timeout',
		CASE WHEN pg_try_advisory_xact_lock($6::int8) THEN '{lock}' ELSE $7::text END,
		set_config('idemvet.lock_timeout', current_setting('lock_timeout'), true) IS NOT NULL)
	WHERE NOT EXISTS (SELECT FROM {table} WHERE scope = $1 AND operation = $2 AND key = $3
		AND current_setting('transaction_isolation') <> 'serializable')
), claimed AS (
	INSERT INTO {table} (scope, operation, key, fingerprint, expires_at)
	SELECT $1, $2, $3, $4, now() + $5::bigint * interval '1 millisecond' FROM opened
	ON CONFLICT (scope, operation, key) DO NOTHING
	RETURNING ctid,
		set_config('lock_timeout', current_setting('idemvet.lock_timeout'), true),
		set_config('idemvet.held',
			coalesce(nullif(current_setting('idemvet.held', true), ''), ',') || $6::int8 || ',', true)
)
SELECT ctid::text, NULL::bytea, NULL::int4, NULL::bytea, NULL::text, NULL::text, false, false FROM claimed
UNION ALL
SELECT NULL, fingerprint, status, body, headers::text, resource_id, rejected,
	strpos(coalesce(current_setting('idemvet.held', true), ''), ',' || $6::int8 || ',') > 0
FROM {table}
WHERE scope = $1 AND operation = $2 AND key = $3 AND NOT EXISTS (SELECT FROM claimed)`

const boundsSQL = `set_config('statement_timeout', '{hold}', true),
		set_config('idle_in_transaction_session_timeout', '{hold}', true),
		CASE WHEN current_setting('server_version_num')::int >= 170000
			THEN set_config('transaction_timeout', '{hold}', true) END,
		`

// storeSQL stores the outcome in the record this transaction claimed,
// found by its row identity (a TID scan: no index read, so no predicate
// lock on shared index pages), and fails (division by zero) unless it did:
// the pgx flavour queues COMMIT behind it, which must never commit an effect
// without its outcome. It finds nothing when the function ended the claim's
// transaction (idemvet.held is transaction-local) or changed the record
// itself; that never happens in a correct program, so the deliberate error
// never shows in a server log otherwise. $1 is the ctid, $7 the gate id.
const storeSQL = `WITH stored AS (
	UPDATE {table}
	SET status = $2, body = $3, headers = nullif($4::text, '')::jsonb,
	    resource_id = nullif($5::text, ''), rejected = $6
	WHERE ctid = $1::tid AND status IS NULL
	  AND strpos(coalesce(current_setting('idemvet.held', true), ''), ',' || $7::int8 || ',') > 0
	RETURNING 1
)
SELECT 1 / count(*) FROM stored`

// lookupSQL reads the committed state of a key after a failed store, to
// tell a claim committed without its outcome from one rolled back.
const lookupSQL = `SELECT status IS NOT NULL FROM {table} WHERE scope = $1 AND operation = $2 AND key = $3`

// sweepSQL deletes one batch of expired records. SKIP LOCKED lets several
// sweepers, and a replay-time lock, coexist without waiting.
const sweepSQL = `WITH expired AS (
	SELECT scope, operation, key FROM {table}
	WHERE expires_at < now()
	LIMIT $1
	FOR UPDATE SKIP LOCKED
)
DELETE FROM {table} c USING expired e
WHERE c.scope = e.scope AND c.operation = e.operation AND c.key = e.key`

// The savepoints of DoTx. idemvet_claim encloses the claim, so that
// anything but a stored outcome leaves the caller's transaction as it was;
// idemvet_work separates the function's writes from the claim, so that a
// Rejection undoes the former and keeps the latter. undoClaim is one
// simple-protocol query because the transaction may be aborted.
const (
	claimSavepointSQL = `SAVEPOINT idemvet_claim`
	undoClaimSQL      = `ROLLBACK TO SAVEPOINT idemvet_claim; RELEASE SAVEPOINT idemvet_claim`
	releaseClaimSQL   = `RELEASE SAVEPOINT idemvet_claim`
	workSavepointSQL  = `SAVEPOINT idemvet_work`
	rollbackToWorkSQL = `ROLLBACK TO SAVEPOINT idemvet_work`
)

func newProtocol(table string, lockTimeout, holdTimeout time.Duration) protocol {
	bounds := ""
	if holdTimeout > 0 {
		bounds = strings.ReplaceAll(boundsSQL, "{hold}", milliseconds(holdTimeout))
	}
	render := func(sql string) string {
		return strings.NewReplacer("{table}", table, "{bounds}", bounds, "{lock}", milliseconds(lockTimeout)).Replace(sql)
	}
	return protocol{
		claim:          render(claimSQL),
		store:          render(storeSQL),
		lookup:         render(lookupSQL),
		sweep:          render(sweepSQL),
		workSavepoint:  workSavepointSQL,
		rollbackToWork: rollbackToWorkSQL,
		claimSavepoint: claimSavepointSQL,
		undoClaim:      undoClaimSQL,
		releaseClaim:   releaseClaimSQL,
	}
}

func milliseconds(d time.Duration) string {
	return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
}

// claimArgs are the parameters of claimSQL, in order; gate is gateID(k),
// computed once per call for both statements (a SHA-256 is a measurable
// part of a call's own CPU); busy is the lock_timeout of a claim whose gate
// is busy.
func claimArgs(k Key, gate int64, fingerprint []byte, ttl time.Duration, busy string) []any {
	return []any{k.Scope, k.Operation, k.Key, fingerprint, ttl.Milliseconds(), gate, busy}
}

// storeArgs are the parameters of storeSQL, in order.
func storeArgs(gate int64, ctid string, s storedOutcome, rejected bool) []any {
	return []any{ctid, s.status, s.body, s.headers, s.resourceID, rejected, gate}
}
