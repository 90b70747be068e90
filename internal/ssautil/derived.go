package ssautil

import (
	"golang.org/x/tools/go/ssa"
)

// DerivedFrom returns the values computed from v within its function:
// extracted results, fields, method results (RowsAffected, Result, Val,
// Scan), comparisons, negations, and locals v was stored into. A branch
// on one of them is a branch on v's outcome.
//
// With skipErrors, error results, gorm's Error field and go-redis's Err
// are not followed: for a conditional insert the error only says the
// statement failed, not who won.
func DerivedFrom(v ssa.Value, skipErrors bool) map[ssa.Value]bool {
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	for len(work) > 0 && len(seen) < 256 {
		x := work[0]
		work = work[1:]
		if seen[x] {
			continue
		}
		seen[x] = true
		refs := x.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			if skipErrors && IsErrorPart(r) {
				continue
			}
			switch r := r.(type) {
			case *ssa.Extract, *ssa.Field, *ssa.FieldAddr, *ssa.UnOp, *ssa.BinOp,
				*ssa.Phi, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.TypeAssert:
				work = append(work, r.(ssa.Value))
			case *ssa.Call:
				work = append(work, r)
			case *ssa.Store:
				if r.Val == x {
					if alloc, ok := r.Addr.(*ssa.Alloc); ok {
						work = append(work, alloc)
					}
				}
			}
		}
	}
	return seen
}

// IsErrorPart reports whether an instruction takes the error out of a
// result: an error-typed Extract, a field named Error (gorm), or a call
// of Err (go-redis).
func IsErrorPart(instr ssa.Instruction) bool {
	switch r := instr.(type) {
	case *ssa.Extract:
		return IsError(r.Type())
	case *ssa.FieldAddr:
		return FieldName(r.X.Type(), r.Field) == "Error"
	case *ssa.Field:
		return FieldName(r.X.Type(), r.Field) == "Error"
	case *ssa.Call:
		f := r.Call.StaticCallee()
		return r.Call.IsInvoke() && r.Call.Method.Name() == "Err" || f != nil && f.Name() == "Err"
	}
	return false
}

// BranchesOn returns the conditional branches of fn whose condition is
// one of the values, and that v's defining instruction at precedes.
func BranchesOn(values map[ssa.Value]bool, at ssa.Instruction) []*ssa.If {
	var ifs []*ssa.If
	for _, b := range at.Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if ok && values[br.Cond] && Before(at, br) {
			ifs = append(ifs, br)
		}
	}
	return ifs
}
