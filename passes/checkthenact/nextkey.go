package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A key computed from the highest one stored (MAX(number) + 1, the last
// user's id + 1 in a generated username) is a check for absence in
// disguise: the caller assumes no row holds max+1. Two callers read the
// same maximum and both insert the same next value; a unique key fails
// the loser, and without one two rows share it.

// nextKeyRaces reports a read of a maximum (a helper named for it:
// GetMaxUserId) whose integer result, plus a constant, flows into an
// insert of the same table in the same function.
func nextKeyRaces(pass *analysis.Pass, judge *Judge) {
	ops := judge.model.Ops
	for _, read := range ops {
		if read.Kind != apis.Read && read.Kind != apis.Exists || read.Callee == nil || !apis.IsMaximumName(read.Callee.Name()) || judge.NoTwin(read) {
			continue
		}
		call, ok := read.Instr.(*ssa.Call)
		if !ok || serialisesAbsence(read, ops) || judge.callers.lockedFirst(read, ops) {
			continue
		}
		max := maximumResult(call)
		if max == nil {
			continue
		}
		values, records := nextValues(max)
		if len(values) == 0 {
			continue
		}
		for _, w := range ops {
			if w.Kind == apis.Insert && w.Fn == read.Fn && dataaccess.SameResource(read.Resource, w.Resource) &&
				ssautil.Reachable(read.Instr, w.Instr) && insertsNext(w, values, records) {
				reportNextKey(pass, read, w)
				break
			}
		}
	}
}

// maximumResult returns the integer a read of a maximum yields: its
// result, or the first of (n, error) (GetHighestAssetID(ctx, gid)).
func maximumResult(call *ssa.Call) ssa.Value {
	if isInteger(call.Type()) {
		return call
	}
	t, ok := call.Type().(*types.Tuple)
	if !ok || t.Len() != 2 || !isInteger(t.At(0).Type()) || !ssautil.IsError(t.At(1).Type()) {
		return nil
	}
	for _, e := range ssautil.Extracts(call, 0) {
		return e
	}
	return nil
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// nextValues returns the values computed from max plus a constant
// (max+1, strconv.Itoa(max+1), "github_" + that), and the records one of
// them is stored into (user.Username = ...).
func nextValues(max ssa.Value) (values map[ssa.Value]bool, records map[ssa.Value]bool) {
	values, records = map[ssa.Value]bool{}, map[ssa.Value]bool{}
	var work []ssa.Value
	for _, ref := range *max.Referrers() {
		if add, ok := ref.(*ssa.BinOp); ok && add.Op == token.ADD && isConst(add.X) != isConst(add.Y) {
			work = append(work, add)
		}
	}
	for len(work) > 0 && len(values) < 64 {
		v := work[0]
		work = work[1:]
		if values[v] {
			continue
		}
		values[v] = true
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.BinOp:
				if ref.Op == token.ADD {
					work = append(work, ref)
				}
			case *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface:
				work = append(work, ref.(ssa.Value))
			case *ssa.Call:
				if formatsValue(ref) {
					work = append(work, ref)
				}
			case *ssa.Store:
				if fa, ok := ref.Addr.(*ssa.FieldAddr); ok && ref.Val == v {
					records[dataaccess.RootPath(fa).Base] = true
				}
			}
		}
	}
	return values, records
}

func isConst(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

// formatsValue reports whether call turns a number into text:
// strconv.Itoa, FormatInt, fmt.Sprint and Sprintf.
func formatsValue(call *ssa.Call) bool {
	f := call.Call.StaticCallee()
	if f == nil || f.Pkg == nil {
		return false
	}
	switch f.Pkg.Pkg.Path() {
	case "strconv":
		return f.Name() == "Itoa" || f.Name() == "FormatInt" || f.Name() == "FormatUint"
	case "fmt":
		return f.Name() == "Sprint" || f.Name() == "Sprintf"
	}
	return false
}

// insertsNext reports whether the insert w stores one of the next
// values: among its arguments, or in the record it inserts.
func insertsNext(w *dataaccess.Op, values, records map[ssa.Value]bool) bool {
	for _, in := range w.Inputs() {
		if values[in] || records[dataaccess.RootPath(in).Base] {
			return true
		}
	}
	for _, rec := range savedRecords(w) {
		if records[dataaccess.RootPath(rec).Base] {
			return true
		}
	}
	return false
}

func reportNextKey(pass *analysis.Pass, read, insert *dataaccess.Op) {
	pass.Report(analysis.Diagnostic{
		Pos: read.Pos(),
		Message: fmt.Sprintf("next-key race: %s reads the current maximum and the insert at line %d stores a value computed from it in a separate step, so two concurrent callers read the same maximum and both insert the same next value: a unique key fails the loser, without one two rows share it (let the database assign it: a sequence or identity column, or retry the insert on its unique violation)",
			read.Callee.Name(), pass.Fset.Position(insert.Pos()).Line),
		Related: []analysis.RelatedInformation{{Pos: insert.Pos(), Message: "insert of the value computed from the maximum"}},
	})
}
