package dataaccess

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// An upsert (INSERT ... ON CONFLICT DO UPDATE, gorm's clause.OnConflict
// with UpdateAll or DoUpdates, bun's On("CONFLICT (k) DO UPDATE")) is as
// atomic as ON CONFLICT DO NOTHING: no second row. But it writes for every
// caller, the second one included, and tells none of them it lost: it
// picks no winner, so it is no claim (a settings store's PutString).

// Overwrites reports whether op is such an upsert, in its body or behind
// a helper's summary.
func Overwrites(op *Op) bool {
	return op.Overwrites || op.Summary != nil && op.Summary.Overwrites
}

// upsertText reports whether SQL text (a whole statement, or the part a
// builder adds) updates the row a conflict finds.
func upsertText(s string) bool {
	s = strings.ToUpper(s)
	return strings.Contains(s, "DO UPDATE") || strings.Contains(s, "ON DUPLICATE KEY UPDATE")
}

// upsertClause reports whether a gorm clause.OnConflict value updates
// the row it finds: UpdateAll set, or DoUpdates given.
func upsertClause(cl ssa.Value) bool {
	return slices.ContainsFunc(literalFieldStores(cl, "UpdateAll", "DoUpdates"), func(v ssa.Value) bool { return !isFalseOrNil(v) })
}

func isFalseOrNil(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && (k.Value == nil || k.Value.String() == "false")
}

// overwritingUpserts reports whether a summary's conditional inserts are
// all upserts.
func overwritingUpserts(kind apis.Kind, atomic []*Op) bool {
	return kind == apis.CondInsert && len(atomic) > 0 && !slices.ContainsFunc(atomic, func(op *Op) bool { return !Overwrites(op) })
}

// conflictParam returns the index of the parameter of fn that every
// conditional insert of a CondInsert body takes its conflict clause from,
// or -1. A settings store's set(key, v, clauses) is a claim or an upsert
// by what SetIgnore or SetUpdate hands it, which only the call can tell.
func conflictParam(fn *ssa.Function, kind apis.Kind, atomic []*Op) int {
	if kind != apis.CondInsert || len(atomic) == 0 {
		return -1
	}
	idx := -1
	for i, op := range atomic {
		if op.ConflictClause == nil {
			return -1
		}
		at := paramOf(fn, Unwrap(op.ConflictClause))
		if at < 0 || i > 0 && at != idx {
			return -1
		}
		idx = at
	}
	return idx
}
