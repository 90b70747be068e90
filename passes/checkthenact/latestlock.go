package checkthenact

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A history (adjustments, balances, status events) is often guarded by
// locking its newest row and appending the next one beside it:
//
//	SELECT status FROM adjustments WHERE payment_id = $1
//	ORDER BY created_at DESC LIMIT 1 FOR UPDATE
//	if status == "reverse_processing" { return errInProgress }
//	INSERT INTO adjustments (...) VALUES (..., 'reverse_processing', ...)
//
// The second caller waits on the lock, and when the first commits it
// gets the row it locked, unchanged: its statement's snapshot does not
// see the row the first appended. Both pass the test and both append.
// The lock serialises only a caller that changes the locked row, or one
// that locks a row both share first (the payment).

// latestLockRaces reports a locked read of a table's newest row whose
// outcome gates, or feeds, an insert into the same table in the same
// function, when the function changes none of the table's rows.
func latestLockRaces(pass *analysis.Pass, judge *Judge, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	for _, read := range ops {
		if read.Kind != apis.Read || !read.Locks || !read.Latest || read.Resource.Table == "" || reported[read] || judge.NoTwin(read) {
			continue
		}
		if changesTable(read, ops) {
			continue
		}
		for _, w := range ops {
			if w.Fn != read.Fn || !appends(w) || !dataaccess.SameResource(read.Resource, w.Resource) || !ssautil.Reachable(read.Instr, w.Instr) {
				continue
			}
			if decidedByRead(read, w) {
				reportLatestLock(pass, read, w)
				reported[read] = true
				break
			}
		}
	}
}

// appends reports whether w adds a row that no unique key of the
// history rejects: a plain insert, or one whose ON CONFLICT names only
// the row's own id, which a second append gives a value of its own.
func appends(w *dataaccess.Op) bool {
	return w.Kind == apis.Insert || w.Kind == apis.CondInsert && dataaccess.ColumnsOf(w).Conflict == "id"
}

// changesTable reports whether read's function updates or deletes a row
// of read's table after it: the locked row, superseded, is one a waiting
// caller no longer finds.
func changesTable(read *dataaccess.Op, ops []*dataaccess.Op) bool {
	for _, op := range ops {
		if op.Fn == read.Fn && (op.Kind == apis.Update || op.Kind == apis.Delete) && dataaccess.SameResource(read.Resource, op.Resource) && ssautil.Reachable(read.Instr, op.Instr) {
			return true
		}
	}
	return false
}

// decidedByRead reports whether the insert runs only on an outcome of
// what the read loaded, or stores a value computed from it.
func decidedByRead(read, w *dataaccess.Op) bool {
	var loaded []ssa.Value
	for _, sv := range stateValues(read) {
		loaded = append(loaded, sv.v)
	}
	loaded = append(loaded, recordValues(read)...)
	for _, v := range loaded {
		if ssautil.Gates(v, true, w.Instr) {
			return true
		}
		derived := ssautil.DerivedFrom(v, true)
		for _, in := range w.Inputs() {
			if derived[in] {
				return true
			}
		}
	}
	return false
}

func reportLatestLock(pass *analysis.Pass, read, w *dataaccess.Op) {
	table := read.Resource.Table
	if st := read.Statement(); st != nil && st.Table != "" {
		table = st.Table
	}
	pass.Report(analysis.Diagnostic{
		Pos: read.Pos(),
		Message: fmt.Sprintf("lock on the newest row: the FOR UPDATE here locks the newest row of %s, and the insert at line %d appends a row beside it without changing it, so a second caller waiting on the lock gets the same row when the first commits (its statement does not see the new one) and appends too (lock a row both callers share first, such as the parent, update the locked row in the same transaction, or let a unique key reject the second append)",
			table, pass.Fset.Position(w.Pos()).Line),
		Related: []analysis.RelatedInformation{{Pos: w.Pos(), Message: "the append the lock does not serialise"}},
		URL:     apis.RuntimeClaimURL,
	})
}
