package claimtx

import (
	"golang.org/x/tools/go/ssa"
)

// guards reports whether the write runs only on an outcome of the claim:
// some branch between them tests a value computed from the claim's result
// (its error, rows affected, the bool of SETNX or of a TryClaim wrapper)
// and one of its arms leads to the write. A claim whose result nobody
// looks at suppresses nothing on a retry, so it cannot lose an operation.
// A claim inside a transaction callback is judged by the runner's result.
func guards(claim, write event) bool {
	v, ok := claim.at.(ssa.Value)
	if !ok {
		return false
	}
	derived := derivedFrom(v)
	for _, b := range claim.at.Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !derived[br.Cond] || !before(claim.at, br) {
			continue
		}
		for _, arm := range b.Succs {
			if len(arm.Preds) == 1 && (arm == write.at.Block() || arm.Dominates(write.at.Block())) {
				return true
			}
		}
	}
	return false
}

// derivedFrom returns the values computed from v within its function:
// extracted results, fields, method results (RowsAffected, Result, Val,
// Scan), comparisons, negations, and locals v was stored into.
func derivedFrom(v ssa.Value) map[ssa.Value]bool {
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
