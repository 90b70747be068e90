package checkthenact

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A status gate's state write moves the record past the tested state. A
// write of the whole record (gorm Save(order), xorm Update(&bean), a
// helper that saves the record it is passed) writes whatever its fields
// hold, so it moves the state only when something assigns the tested
// field first. A test of a field nothing assigns (an access check, a
// configuration check such as order.PaymentProcessor == "") is a
// precondition, not a transition: both callers write back the value they
// read, and the same Save after o.State = "paid" is the state write.

// writesTestedField reports whether the write can change the field the
// gate tests. Only a whole-record write is judged; a column write, a
// test of no named field (a predicate, a scanned column) and a record
// handed to code whose body is not in sight count as writing it.
func writesTestedField(model *dataaccess.Result, g gate, write *dataaccess.Op) bool {
	recTypes := recordTypes(g.records)
	if g.field == "" || len(recTypes) == 0 || !savesWholeRecord(g.records, write) {
		return true
	}
	scope := []*ssa.Function{g.fn}
	for outer := g.fn.Parent(); outer != nil; outer = outer.Parent() {
		scope = append(scope, outer) // a closure's record is often assigned by the function around it
	}
	if write.Summary != nil {
		helper := write.Call().StaticCallee()
		if helper == nil || helper.Blocks == nil || slices.ContainsFunc(opsWithin(model, helper), writesColumns) {
			// An interface or another package's helper may assign it; an
			// UPDATE ... SET status = 'captured' WHERE id = p.ID names it.
			return true
		}
		scope = append(scope, helper)
	}
	a := fieldAssigner{model: model, field: g.field, types: recTypes, seen: map[*ssa.Function]bool{}}
	return slices.ContainsFunc(scope, a.mayAssign)
}

// opsWithin returns the operations of fn and of the closures it makes
// (the UPDATE a helper runs inside its db.Transaction callback).
func opsWithin(model *dataaccess.Result, fn *ssa.Function) []*dataaccess.Op {
	ops := model.ByFunc[fn]
	for _, anon := range fn.AnonFuncs {
		ops = append(ops, opsWithin(model, anon)...)
	}
	return ops
}

// savesWholeRecord reports whether the write takes the record itself: a
// helper that saves the record it is passed, or an ORM call given the
// record as an argument (not through Model on its chain, which names
// the columns in Update("paid", true)). A write with SQL text names its
// columns and is not judged here.
func savesWholeRecord(records []ssa.Value, write *dataaccess.Op) bool {
	if savesRecord(records, write) {
		return true
	}
	if write.Summary != nil || write.SQL != nil || !dataaccess.WritesBack(write) {
		return false
	}
	return slices.ContainsFunc(write.Call().Args, func(arg ssa.Value) bool {
		p := dataaccess.RootPath(arg)
		return p.Valid() && p.Fields == "" && slices.Contains(records, p.Base)
	})
}

// writesColumns reports whether op updates a row other than by writing
// a whole record back: SQL text, a column update on an ORM chain, or a
// helper's update. An insert adds a row and moves no record's state.
func writesColumns(op *dataaccess.Op) bool {
	if op.Summary != nil {
		return op.Summary.Writes && op.Summary.Kind != apis.Insert
	}
	if !dataaccess.WritesBack(op) {
		return false
	}
	return op.SQL != nil || !slices.ContainsFunc(op.Call().Args, func(arg ssa.Value) bool {
		p := dataaccess.RootPath(arg)
		return p.Valid() && p.Fields == "" && isRecordType(p.Base.Type())
	})
}

// recordTypes returns the named struct types of the record values.
func recordTypes(records []ssa.Value) []*types.Named {
	var out []*types.Named
	for _, r := range records {
		t := r.Type()
		for range 2 { // a *T, or the variable holding one
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
		}
		if n := ssautil.NamedOf(t); n != nil && isRecordType(n) && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// fieldAssigner looks for a store into one field of the record's types.
type fieldAssigner struct {
	model *dataaccess.Result
	field string
	types []*types.Named
	seen  map[*ssa.Function]bool
}

// mayAssign reports whether fn, its closures or the functions it calls
// (this package's, however deep the chain of helpers: each is looked at
// once) store into the field or over the whole record, or hand the
// record to a function of the record's own package whose body is not in
// sight (order.MarkPaid() may set the state) and that is not modelled as
// a write or an act (a helper that refreshes downloads or sends a
// receipt is judged by what it is).
func (a fieldAssigner) mayAssign(fn *ssa.Function) bool {
	if fn == nil || a.seen[fn] {
		return false
	}
	a.seen[fn] = true
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if a.storesField(instr) {
					return true
				}
			case *ssa.MakeClosure:
				if a.mayAssign(instr.Fn.(*ssa.Function)) {
					return true
				}
			case ssa.CallInstruction:
				if a.callMayAssign(instr.Common()) {
					return true
				}
			}
		}
	}
	return false
}

func (a fieldAssigner) callMayAssign(call *ssa.CallCommon) bool {
	callee := call.StaticCallee()
	if callee != nil && callee.Blocks != nil {
		return a.mayAssign(callee)
	}
	if callee == nil || !slices.ContainsFunc(call.Args, a.isRecordPointer) {
		return false
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil || !slices.ContainsFunc(a.types, func(n *types.Named) bool { return n.Obj().Pkg() == obj.Pkg() }) {
		return false // a library's or a logger's call reads the record
	}
	s := a.model.SummaryOf(obj)
	return s == nil || !s.Writes && !s.Acts
}

// storesField reports whether st assigns the field of a record of the
// types, or a whole record (*o = Order{...}).
func (a fieldAssigner) storesField(st *ssa.Store) bool {
	if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
		return ssautil.FieldName(fa.X.Type(), fa.Field) == a.field && a.isRecordPointer(fa.X)
	}
	n, ok := types.Unalias(st.Val.Type()).(*types.Named)
	return ok && slices.Contains(a.types, n)
}

func (a fieldAssigner) isRecordPointer(v ssa.Value) bool {
	p, ok := v.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	n := ssautil.NamedOf(p.Elem())
	return n != nil && slices.Contains(a.types, n)
}
