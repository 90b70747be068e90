package checkthenact

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/apis"
)

// aggregateInsertRaces reports the next-key race written as one
// statement: an INSERT that computes a column from MAX or COUNT of its
// own table (sqlclass NextFromAggregate). One statement is not one step:
// under READ COMMITTED each statement sees the rows committed when it
// started, so two inserts at once read the same maximum and write the
// same next value. Silent where the inserts are serialised (a lock taken
// before it in the transaction, SERIALIZABLE, callers holding a lock) and
// where the insert says what happens on a clash (ON CONFLICT makes it an
// atomic insert, not apis.Insert).
func aggregateInsertRaces(pass *analysis.Pass, judge *Judge) {
	ops := judge.model.Ops
	for _, ins := range ops {
		if ins.Kind != apis.Insert || ins.SQL == nil || !ins.SQL.NextFromAggregate || judge.NoTwin(ins) {
			continue
		}
		if serialisesAbsence(ins, ops) || judge.callers.lockedFirst(ins, ops) {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos: ins.Pos(),
			Message: fmt.Sprintf("next-key race: this insert computes a value from MAX or COUNT of %s in the same statement, and a statement sees only rows committed before it started, so two concurrent inserts read the same aggregate and both insert the same next value: a unique key fails the loser, without one two rows share it (let the database assign it: a sequence or identity column; or lock the row both inserts belong to, SELECT ... FOR UPDATE, first in the transaction)",
				ins.SQL.Table),
		})
	}
}
