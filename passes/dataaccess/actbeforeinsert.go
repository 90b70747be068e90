package dataaccess

import (
	"slices"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A helper that registers a user often makes what the user needs first
// and inserts the user last:
//
//	group, err := repos.Groups.Create(ctx, "Home")     // committed now
//	user, err := repos.Users.Create(ctx, u, group.ID)  // unique on email
//
// Its caller answers the user's unique violation (a concurrent sign-up
// won: fetch that user), but the loser's group is already there, with no
// member; an e-mail sent before the insert has gone out twice. The
// summary names that act, for the caller that answers the duplicate.

// actBeforeInsert names what the body does itself, before one of its
// plain inserts and on every path to it, that the insert's failure does
// not undo: an external effect, or an insert into another table when the
// body opens no transaction around them and that insert adds a row a
// twin's would not clash with. Empty when there is none; a helper's own
// such act is reported at the helper's callers, not carried further up.
func actBeforeInsert(ops, plain []*Op) string {
	if beginsTransaction(ops) {
		return ""
	}
	for _, w := range plain {
		if w.Handle.Kind == apis.HandleTx {
			continue
		}
		for _, a := range ops {
			if a == w || a.Instr.Parent() != w.Instr.Parent() || !ssautil.Before(a.Instr, w.Instr) || a.Callee == nil {
				continue
			}
			acts := (a.Kind == apis.Effect || a.Summary != nil && a.Summary.Acts) && Duplicable(a) && !apis.IsLookupName(a.Callee.Name())
			otherRow := a.Kind == apis.Insert && a.Handle.Kind != apis.HandleTx && disjointTables(insertedTables(a), insertedTables(w)) && !toleratesDuplicate(a)
			if acts || otherRow {
				return a.Callee.Name()
			}
		}
	}
	return ""
}

// insertedTables returns the tables an insert adds rows to: its own, or
// a helper's several.
func insertedTables(op *Op) []string {
	tables := slices.Clone(op.Resource.Tables)
	if op.Resource.Table != "" {
		tables = append(tables, op.Resource.Table)
	}
	if op.Summary != nil {
		tables = append(tables, op.Summary.InsertTables...)
	}
	return tables
}

// disjointTables reports whether a and b are known and share no table.
func disjointTables(a, b []string) bool {
	return len(a) > 0 && len(b) > 0 && !slices.ContainsFunc(a, func(t string) bool { return slices.Contains(b, t) })
}

// toleratesDuplicate reports whether the body answers the unique
// violation of insert a: a twin's insert of that row adds nothing, so it
// leaves nothing behind when the later insert loses.
func toleratesDuplicate(a *Op) bool {
	return a.Summary != nil && a.Summary.HandlesDuplicate || len(DuplicateArms(a.Instr)) > 0
}

// beginsTransaction reports whether the body begins a transaction or runs
// a callback in one: its writes may commit together.
func beginsTransaction(ops []*Op) bool {
	for _, op := range ops {
		if op.Kind == apis.Begin || op.TxFunc != nil || op.Summary != nil && op.Summary.TxFuncParam >= 0 {
			return true
		}
	}
	return false
}
