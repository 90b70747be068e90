package claim

// The SQL of the claim protocol. See attempt.go for how Do sequences it.

// setLockTimeoutSQL bounds the claim's wait for a concurrent holder of the
// key, saving the session's value for restoreLockTimeoutSQL. The save happens
// in the is_local argument so that it is certainly evaluated first. $1 is
// replaced by the Claimer's timeout as a literal (see newClaimStatements).
const setLockTimeoutSQL = `SELECT set_config('lock_timeout', $1,
	set_config('idemvet.lock_timeout', current_setting('lock_timeout'), true) IS NOT NULL)`

const restoreLockTimeoutSQL = `SELECT set_config('lock_timeout', current_setting('idemvet.lock_timeout'), true)`

// claimSQL attempts the claim and, in the same statement, reads the record
// that blocked it. Rows:
//   - (true, ...) when this transaction now holds the key; the RETURNING
//     clause also sets idemvet.claimed for requireClaimSQL;
//   - (false, fingerprint, outcome...) when a committed record exists;
//   - none when the blocking record was committed after this statement's
//     snapshot (READ COMMITTED; stricter levels raise 40001 instead): the
//     caller runs the statement again, which then sees it.
//
// Both rows can appear when a swept record was still in the snapshot; the
// claim wins.
const claimSQL = `WITH claimed AS (
	INSERT INTO idemvet_claims (scope, operation, key, fingerprint, expires_at)
	VALUES ($1, $2, $3, $4, now() + $5::bigint * interval '1 millisecond')
	ON CONFLICT (scope, operation, key) DO NOTHING
	RETURNING set_config('idemvet.claimed', '1', true)
)
SELECT true, NULL::bytea, NULL::int4, NULL::bytea, NULL::text, NULL::text, false FROM claimed
UNION ALL
SELECT false, fingerprint, status, body, headers::text, resource_id, rejected
FROM idemvet_claims
WHERE scope = $1 AND operation = $2 AND key = $3`

// requireClaimSQL restores lock_timeout and fails (division by zero) unless
// claimSQL inserted in this transaction. Do sends it before BEGIN while the
// transaction is still the pipeline's implicit one: failing it ends that
// transaction at Sync, so a replay costs no ROLLBACK round trip; passing it
// lets BEGIN turn the implicit transaction, claim included, into the explicit
// one that the function runs in.
const requireClaimSQL = `SELECT set_config('lock_timeout', current_setting('idemvet.lock_timeout'), true),
	1 / coalesce(nullif(current_setting('idemvet.claimed', true), ''), '0')::int`

// workSavepoint separates the function's writes from the claim, so that a
// Rejection can undo the former and keep the latter.
const (
	workSavepointSQL         = `SAVEPOINT idemvet_work`
	rollbackToWorkSQL        = `ROLLBACK TO SAVEPOINT idemvet_work`
	claimSavepointSQL        = `SAVEPOINT idemvet_claim`
	rollbackToClaimSQL       = `ROLLBACK TO SAVEPOINT idemvet_claim`
	releaseClaimSavepointSQL = `RELEASE SAVEPOINT idemvet_claim`
)

// storeSQL stores the outcome in the record claimed by this transaction and
// fails (division by zero) if there is none, so that COMMIT, queued behind it,
// never commits an effect without its outcome.
const storeSQL = `WITH stored AS (
	UPDATE idemvet_claims
	SET status = $4, body = $5, headers = nullif($6::text, '')::jsonb,
	    resource_id = nullif($7::text, ''), rejected = $8
	WHERE scope = $1 AND operation = $2 AND key = $3 AND status IS NULL
	RETURNING 1
)
SELECT 1 / count(*) FROM stored`

// sweepSQL deletes one batch of expired records. SKIP LOCKED lets several
// sweepers, and a replay-time lock, coexist without waiting.
const sweepSQL = `WITH expired AS (
	SELECT scope, operation, key FROM idemvet_claims
	WHERE expires_at < now()
	LIMIT $1
	FOR UPDATE SKIP LOCKED
)
DELETE FROM idemvet_claims c USING expired e
WHERE c.scope = e.scope AND c.operation = e.operation AND c.key = e.key`
