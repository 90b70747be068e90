package checkthenact

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// conflictMissesCheck reports whether write is an INSERT ... ON CONFLICT
// (cols) whose conflict target has a column the check did not look the
// row up by: two callers that both pass the check insert rows that differ
// in that column, and neither conflicts (a topic checked by name alone,
// then inserted ON CONFLICT (user_id, topic) by two users; an e-mail
// checked, then inserted ON CONFLICT (id) under two fresh ids). Both
// statements' SQL must be read for it to say so, in the body or through
// the summaries of the helpers that run them.
func conflictMissesCheck(check, write *dataaccess.Op) bool {
	matched, conflictColumns := checkedColumns(check), dataaccess.ColumnsOf(write).Conflict
	if matched == nil || conflictColumns == "" || dataaccess.AnswersOtherKeys(write) {
		return false // no target known, or another unique key's violation is answered
	}
	if madeOfCheckedKey(check, write) {
		return false // two callers with one key insert one row, which the conflict keeps once
	}
	for _, c := range strings.Split(conflictColumns, ",") {
		if !slices.Contains(matched, c) {
			return true
		}
	}
	return false
}

// madeOfCheckedKey reports whether the check is given one value, which
// it must then be looked up by, and every value the insert is given is a
// constant or that value (queue_name 'delete', item = the collection
// checked): whatever columns the conflict target names, two callers with
// the same key insert the same row. A check given more values (a user and
// a topic, looked up by the topic alone) may not be looked up by all.
func madeOfCheckedKey(check, write *dataaccess.Op) bool {
	keys, inputs := variables(check.Inputs()), variables(write.Inputs())
	if len(keys) != 1 || len(inputs) == 0 {
		return false
	}
	return !slices.ContainsFunc(inputs, func(v ssa.Value) bool { return !dataaccess.SameValue(v, keys[0]) })
}

// variables returns the values that are neither constants nor a context
// or a handle: what tells one caller's operation from another's.
func variables(values []ssa.Value) []ssa.Value {
	return slices.DeleteFunc(slices.Clone(values), func(v ssa.Value) bool {
		_, isConst := v.(*ssa.Const)
		return isConst || contextOrHandle(v)
	})
}

// checkedColumns returns the columns the check may look rows up by:
// every name its WHERE mentions outside subqueries, also under an OR
// (topic = ? OR ? LIKE topic) or in a parenthesised group; else those it
// sets equal with AND between them. A column of neither is one the check
// does not look at.
func checkedColumns(check *dataaccess.Op) []string {
	if c := cmp.Or(dataaccess.ColumnsOf(check).Where, dataaccess.ColumnsOf(check).Match); c != "" {
		return strings.Split(c, ",")
	}
	return nil
}

// reportUncoveredConflict reports a check whose insert is conditional on
// other columns than the check's. No fix is offered: which unique index
// the table has, or should have, is the author's to say.
func reportUncoveredConflict(pass *analysis.Pass, check, write *dataaccess.Op, what string, line int) {
	reportRacedWrite(pass, check, write, fmt.Sprintf("check-then-act race: %s (by %s) and the insert at line %d are separate steps, and the insert's ON CONFLICT (%s) does not cover what the check matched, so two concurrent callers can both see it absent and both insert (make the conflict target the checked columns, under a unique index on them, or runtime/claim)",
		what, cmp.Or(dataaccess.ColumnsOf(check).Match, dataaccess.ColumnsOf(check).Where), line, dataaccess.ColumnsOf(write).Conflict),
		"insert whose conflict target the check does not cover")
}
