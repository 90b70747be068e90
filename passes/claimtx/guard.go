package claimtx

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// guards reports whether the write runs only on an outcome of the claim:
// some branch between them tests a value computed from the claim's result
// (its error, rows affected, the bool of SETNX or of a TryClaim wrapper)
// and one of its arms leads to the write. A claim whose result nobody
// looks at suppresses nothing on a retry, so it cannot lose an operation.
// A claim inside a transaction callback is judged by the runner's result.
//
// For a conditional insert (ON CONFLICT DO NOTHING, SETNX) called
// directly, the error says only that the statement failed: the duplicate
// shows in the rows affected or the returned bool, so the branch must test
// those. A RETURNING claim reports the duplicate as ErrNoRows, and a
// wrapper may turn it into an error, so there any result counts.
func guards(claim, write event) bool {
	v, ok := claim.at.(ssa.Value)
	if !ok {
		return false
	}
	derived := derivedFrom(v, claim.runner == nil && duplicateNotInError(claim.op))
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
//
// With skipErrors, error results and gorm's Error field are not followed.
func derivedFrom(v ssa.Value, skipErrors bool) map[ssa.Value]bool {
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
			if skipErrors && isErrorPart(r) {
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

// duplicateNotInError reports whether a claim reports a duplicate other
// than through its error: a direct conditional insert without RETURNING,
// or a redis SETNX.
func duplicateNotInError(op *dataaccess.Op) bool {
	if op.Summary != nil {
		return false
	}
	if isRedisClaim(op) {
		return true
	}
	return op.Kind == apis.CondInsert && (op.SQL == nil || !op.SQL.Returning)
}

// isErrorPart reports whether an instruction takes the error out of a
// result: an error-typed Extract, a field named Error (gorm), or a call
// of Err (go-redis).
func isErrorPart(instr ssa.Instruction) bool {
	switch r := instr.(type) {
	case *ssa.Extract:
		return types.Identical(r.Type(), errorType)
	case *ssa.FieldAddr:
		return fieldName(r.X.Type(), r.Field) == "Error"
	case *ssa.Field:
		return fieldName(r.X.Type(), r.Field) == "Error"
	case *ssa.Call:
		f := r.Call.StaticCallee()
		return r.Call.IsInvoke() && r.Call.Method.Name() == "Err" || f != nil && f.Name() == "Err"
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type()

func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return ""
}
