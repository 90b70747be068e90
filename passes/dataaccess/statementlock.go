package dataaccess

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// SELECT ... FOR UPDATE (or pg_advisory_xact_lock) holds its lock to the
// end of the transaction. Run on a pool or a *sql.DB, the statement is a
// transaction of its own: the lock is released as the row comes back,
// before the code that tests it runs, and a concurrent caller is not held
// at all. Such an op locks nothing the checks can rely on. A session-level
// advisory lock stays with the connection and is left as it is; so is a
// function that opens a transaction with a statement of its own (Exec
// "BEGIN"), which the handle's kind does not show.

// dropStatementLocks clears Locks on the ops whose lock ends with their
// own statement, and marks them StatementLock.
func dropStatementLocks(ops []*Op) {
	begins := map[*ssa.Function]bool{} // functions that open a transaction
	for _, op := range ops {
		if op.Kind == apis.Begin {
			begins[op.Fn] = true
		}
	}
	for _, op := range ops {
		if !op.Locks || op.Summary != nil || op.Handle.Kind != apis.HandlePool || begins[op.Fn] {
			continue // a helper's lock is judged by its summary
		}
		if op.SQL != nil && op.SQL.AdvisoryLock {
			continue // a session's lock outlives the statement
		}
		op.Locks, op.StatementLock = false, true
	}
}
