package effect

// The SQL of the state machine. Every change after the first insert is a
// conditional UPDATE on the lease epoch, so that a worker whose lease was
// taken over can neither dispatch nor record anything.

// insertSQL records a new operation in PENDING. $6 is the lease in
// milliseconds: Run inserts it already leased (epoch 1), Enqueue with a
// lease that has ended (epoch 0, due at once for a worker).
const insertSQL = `INSERT INTO idemvet_effects (scope, operation, key, request, downstream_key, epoch, lease_until)
VALUES ($1, $2, $3, $4, $5, $6, now() + $7::bigint * interval '1 millisecond')
ON CONFLICT (scope, operation, key) DO NOTHING
RETURNING dispatches`

// loadSQL reads an operation, with whether its lease has ended by the
// database's clock (the only clock every worker shares).
const loadSQL = `SELECT request, downstream_key, state, dispatches, epoch, answer,
	lease_until IS NOT NULL, coalesce(lease_until <= now(), false)
FROM idemvet_effects
WHERE scope = $1 AND operation = $2 AND key = $3`

// takeoverSQL starts a new lease epoch on an operation whose lease ended.
// Two workers racing for it both match the row; the second waits for the
// first's row lock, re-reads the row (READ COMMITTED) and finds the lease
// renewed, so exactly one gets a row back. It returns dispatches as of now:
// the previous owner may have counted one after the caller's read.
const takeoverSQL = `UPDATE idemvet_effects
SET epoch = epoch + 1, lease_until = now() + $5::bigint * interval '1 millisecond', updated_at = now()
WHERE scope = $1 AND operation = $2 AND key = $3 AND epoch = $4
  AND state IN ('pending', 'unknown') AND lease_until <= now()
RETURNING epoch, dispatches`

// dispatchSQL counts a dispatch and renews the lease, committed before the
// call is made. Only the current epoch, with its lease still running, may
// dispatch: a worker that stalled past its lease must not call again.
const dispatchSQL = `UPDATE idemvet_effects
SET dispatches = dispatches + 1, state = 'pending', last_error = NULL,
    lease_until = now() + $5::bigint * interval '1 millisecond', updated_at = now()
WHERE scope = $1 AND operation = $2 AND key = $3 AND epoch = $4
  AND state IN ('pending', 'unknown') AND lease_until > now()
RETURNING dispatches`

// recordSQL stores what became of the operation, for the current epoch
// only. A late answer from an owner whose lease ended still counts if
// nobody took over: it is the provider's word. $8 is the delay before a
// worker looks at an UNKNOWN operation again, NULL to park it (and for
// terminal states, which no worker looks at).
const recordSQL = `UPDATE idemvet_effects
SET state = $5, answer = $6, last_error = $7,
    lease_until = now() + $8::bigint * interval '1 millisecond', updated_at = now()
WHERE scope = $1 AND operation = $2 AND key = $3 AND epoch = $4
  AND state IN ('pending', 'unknown')
RETURNING dispatches`

// dueSQL lists operations a worker may take over, oldest lease first.
const dueSQL = `SELECT scope, operation, key FROM idemvet_effects
WHERE state IN ('pending', 'unknown') AND lease_until <= now()
ORDER BY lease_until
LIMIT $1`
