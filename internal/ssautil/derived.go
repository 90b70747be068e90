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
				*ssa.Phi, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.TypeAssert:
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

// Gates reports whether target runs only on an outcome of v: a branch
// after v tests a value derived from it (see DerivedFrom) and one of its
// arms, entered from nowhere else, leads to target. v and target are in
// one function.
func Gates(v ssa.Value, skipErrors bool, target ssa.Instruction) bool {
	at, ok := v.(ssa.Instruction)
	if !ok || at.Parent() != target.Parent() || target.Block() == nil {
		return false
	}
	derived := DerivedFrom(v, skipErrors)
	for _, b := range at.Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !derived[br.Cond] || !Before(at, br) {
			continue
		}
		for _, arm := range b.Succs {
			if len(arm.Preds) == 1 && arm.Dominates(target.Block()) {
				return true
			}
		}
	}
	return false
}
