package checkthenact

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// The state write of a gate often sits in a helper of the package that
// finishes the work, handed the record and keying its update by the
// record's id rather than saving the record:
//
//	if t.Status == Resolved { return errConflict }
//	mail(ctx, t)
//	s.finish(ctx, t)  // s.tickets.SetStatus(ctx, t.ID, Resolved); publish
//
// The helper's summary says it inserts and publishes as well, which alone
// would make it an act; the update keyed by its record parameter is what
// moves the gated row.

// helperRowUpdate returns the update in the body of w's callee, a
// function of the gate's package that w hands the gate's record, keyed
// by a value of that record parameter (SetStatus(ctx, t.ID, ...)), or in
// a function of the package the callee hands the record on to, up to
// helperDepth calls down; or nil.
func helperRowUpdate(g gate, w *dataaccess.Op, ops []*dataaccess.Op) *dataaccess.Op {
	if w.Summary == nil {
		return nil
	}
	return rowUpdateThrough(g, w, g.records, ops, nil, 0)
}

// helperDepth bounds how far down a chain of the package's helpers the
// record is followed: finish calls markResolved calls the store.
const helperDepth = 3

// rowUpdateThrough follows the record held in records into the callee of
// w, when w is a call of the gate's package handed it; named are the
// constant strings the calls on the way were handed (the columns a
// finish(ctx, t, "status") passes down).
func rowUpdateThrough(g gate, w *dataaccess.Op, records []ssa.Value, ops []*dataaccess.Op, named []string, depth int) *dataaccess.Op {
	call := w.Call()
	if call == nil || depth >= helperDepth {
		return nil
	}
	named = append(named, stringArgs(call.Args)...)
	callee := call.StaticCallee()
	if callee == nil || callee.Pkg != g.fn.Pkg || len(callee.Params) != len(call.Args) {
		return nil
	}
	for i, a := range call.Args {
		p := dataaccess.RootPath(a)
		if !p.Valid() || p.Fields != "" || !slices.Contains(records, p.Base) {
			continue
		}
		param := callee.Params[i]
		inner := append([]ssa.Value{param}, spilledTo(param)...)
		for _, op := range ops {
			if op.Fn != callee {
				continue
			}
			if op.Kind == apis.Update && derivedFromRecord(inner, op) && ofRecordRow(g, op) && writesGateField(g, op, named) {
				return op
			}
			if u := rowUpdateThrough(g, op, inner, ops, named, depth+1); u != nil {
				return u
			}
		}
	}
	return nil
}

// ofRecordRow reports whether update u may be of the gate's record's
// row: its table is the read's, or the read's table is not known here.
// An update keyed by another value the record holds (its assignee's id)
// is of another row.
func ofRecordRow(g gate, u *dataaccess.Op) bool {
	return g.read == nil || g.readElsewhere || g.read.Resource.Table == "" || dataaccess.SameResource(g.read.Resource, u.Resource)
}

// writesGateField reports whether update u writes the field the gate
// tests, as far as it says: a column it names (SET status = ...), a
// column handed to it or to a helper on the way that updates the columns
// it is given (updateIssueCols(e, issue, "is_closed"), named), or the name
// of a method that names none (SetStatus, MarkResolved). A gate on a
// list picked by state (no field) needs a state column or a state-named
// method. An update of other columns (the record's metadata, a counter)
// moves nothing the gate reads.
func writesGateField(g gate, u *dataaccess.Op, named []string) bool {
	if cols, ok := dataaccess.WrittenColumns(u); ok {
		return slices.ContainsFunc(cols, func(c string) bool {
			if g.field == "" {
				return namesState(c)
			}
			return dataaccess.NormalizeColumn(c) == dataaccess.NormalizeColumn(g.field)
		})
	}
	if call := u.Call(); call != nil && g.field != "" {
		for _, c := range append(named, stringArgs(call.Args)...) {
			if dataaccess.NormalizeColumn(c) == dataaccess.NormalizeColumn(g.field) {
				return true // updateIssueCols(e, issue, "is_closed")
			}
		}
	}
	if u.Callee == nil {
		return false
	}
	name := strings.ToLower(u.Callee.Name())
	if strings.HasPrefix(name, "mark") {
		return true
	}
	if g.field == "" {
		return namesState(name)
	}
	return strings.Contains(name, strings.ToLower(g.field))
}

// stringArgs returns the string constants among a call's arguments, a
// variadic slice's elements included.
func stringArgs(args []ssa.Value) []string {
	var out []string
	for _, a := range args {
		for _, v := range append([]ssa.Value{a}, dataaccess.VariadicElems(a)...) {
			if cs, ok := constantStrings([]ssa.Value{v}); ok {
				out = append(out, cs...)
			}
		}
	}
	return out
}
