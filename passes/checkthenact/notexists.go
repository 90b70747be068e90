package checkthenact

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// INSERT ... SELECT ... WHERE NOT EXISTS (SELECT 1 FROM t WHERE k = $1)
// reads like one step, but in PostgreSQL under READ COMMITTED each
// statement's subquery sees the rows committed before it started: two
// concurrent inserts of one key both find none and both insert. Only a
// unique key on k makes the second fail (and then ON CONFLICT DO NOTHING
// says it plainly). SQLite runs one writer at a time and MySQL's
// INSERT ... SELECT takes next-key locks on what it scans, so the race is
// PostgreSQL's. It is reported where the module's schema declares the
// table and no unique key within the probed columns: where the schema
// is not in sight, whether a key stops the twin cannot be told.

// notExistsInserts reports each PostgreSQL insert-if-absent whose table
// the module declares without a unique key on what its probe looks up.
func notExistsInserts(pass *analysis.Pass, judge *Judge) {
	ops := judge.model.Ops
	for _, op := range ops {
		if op.SQL == nil || !op.SQL.InsertIfAbsent || op.SQL.MatchColumns == "" || !onPostgres(pass, op) {
			continue
		}
		if judge.NoTwin(op) || serialised(op, ops) || lockedByHelper(op) {
			continue
		}
		cols := strings.Split(op.SQL.MatchColumns, ",")
		answer := judge.model.TableSchema(op.SQL.Table)
		if answer.Table == nil || uniqueWithin(answer.Table, cols) {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos: op.Pos(),
			Message: fmt.Sprintf("check-then-act race: INSERT ... WHERE NOT EXISTS is no single step in PostgreSQL: two concurrent statements both see no row in %s and both insert, and %s declares no unique key on %s to stop the second (add one: %s, then INSERT ... ON CONFLICT DO NOTHING; or runtime/claim)",
				op.SQL.Table, answer.Table.File, strings.Join(cols, ", "), createIndex(op.SQL.Table, cols)),
			URL: apis.RuntimeClaimURL,
		})
	}
}

// uniqueWithin reports whether a unique key of the table (a partial one
// included: it still stops the twin it covers) lies within cols.
func uniqueWithin(t *dataaccess.Schema, cols []string) bool {
	for _, u := range t.Unique {
		if subset(u.Columns, cols) {
			return true
		}
	}
	return false
}

// onPostgres reports whether op runs on PostgreSQL: through pgx, or in a
// package that imports a PostgreSQL driver and no SQLite or MySQL one.
func onPostgres(pass *analysis.Pass, op *dataaccess.Op) bool {
	if op.Callee != nil && op.Callee.Pkg() != nil && apis.IsPostgresDriver(op.Callee.Pkg().Path()) {
		return true
	}
	postgres := false
	for _, imp := range pass.Pkg.Imports() {
		switch p := imp.Path(); {
		case apis.IsNonAbortingDriver(p):
			return false
		case apis.IsPostgresDriver(p):
			postgres = true
		}
	}
	return postgres
}
