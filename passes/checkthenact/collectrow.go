package checkthenact

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// pgx v5 reads one row in two calls: Query returns the rows, and
// pgx.CollectOneRow(rows, pgx.RowToStructByName[Order]) returns the record
// and ErrNoRows when there is none. The check's outcome, and the record
// a gate tests, are that second call's results.

// collectedRows returns the CollectOneRow and CollectExactlyOneRow calls
// that read the rows a query call returned.
func collectedRows(call *ssa.Call) []*ssa.Call {
	rows := []ssa.Value{call}
	for _, ref := range *call.Referrers() {
		if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 {
			rows = append(rows, e)
		}
	}
	var out []*ssa.Call
	for _, r := range rows {
		for _, ref := range *r.Referrers() {
			c, ok := ref.(*ssa.Call)
			if !ok || len(c.Call.Args) == 0 || c.Call.Args[0] != r {
				continue
			}
			f := c.Call.StaticCallee()
			if f == nil {
				continue
			}
			if f.Origin() != nil {
				f = f.Origin() // an instance of the generic function
			}
			if f.Pkg != nil && strings.Contains(f.Pkg.Pkg.Path(), "jackc/pgx") && (f.Name() == "CollectOneRow" || f.Name() == "CollectExactlyOneRow") {
				out = append(out, c)
			}
		}
	}
	return out
}
