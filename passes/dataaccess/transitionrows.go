package dataaccess

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A write fed only by the rows a guarded transition returned writes
// nothing the second time:
//
//	rows, _ := tx.QueryContext(ctx, `UPDATE alerts SET status = $1
//		WHERE id = ANY($2) AND status <> $1 RETURNING id`, ...)
//	for rows.Next() { rows.Scan(&id); ids = append(ids, id) }
//	logs.LogMany(ctx, tx, ids) // one log row per alert that changed
//
// Run again with the same message, the transition changes no row,
// returns none, and the log gets nothing (goalert's auto-close).

// FedByTransition reports whether op's inputs come only from what a
// guarded transition of its function returned: the values scanned from
// its rows and the slices collected from them.
func FedByTransition(op *Op, ops []*Op) bool {
	for _, t := range ops {
		if t.Fn != op.Fn || t.SQL == nil || !t.SQL.Transition || !t.SQL.Returning {
			continue
		}
		scanned := scannedFrom(t)
		if len(scanned) == 0 {
			continue
		}
		fed := append(scanned, CollectedFrom(op.Fn, scanned)...)
		if slices.ContainsFunc(op.Inputs(), func(in ssa.Value) bool {
			p := RootPath(in)
			return p.Valid() && slices.Contains(fed, p.Base)
		}) {
			return true
		}
	}
	return false
}

// scannedFrom returns the variables a query's rows are scanned into
// (rows.Scan(&id), row.Scan(&id)).
func scannedFrom(q *Op) []ssa.Value {
	call, ok := q.Instr.(*ssa.Call)
	if !ok {
		return nil
	}
	results := []ssa.Value{call}
	for _, ref := range *call.Referrers() {
		if x, ok := ref.(*ssa.Extract); ok {
			results = append(results, x)
		}
	}
	var out []ssa.Value
	for _, r := range results {
		if _, isTuple := r.Type().(*types.Tuple); isTuple || r.Referrers() == nil {
			continue
		}
		for _, ref := range *r.Referrers() {
			c, ok := ref.(*ssa.Call)
			if !ok || calledName(&c.Call) != "Scan" || receiver(&c.Call) != r {
				continue
			}
			for _, a := range VariadicElems(c.Call.Args[len(c.Call.Args)-1]) {
				if alloc, ok := Unwrap(a).(*ssa.Alloc); ok {
					out = append(out, alloc)
				}
			}
		}
	}
	return out
}

// CollectedFrom returns the slices fn builds by appending values read
// from the records (ids = append(ids, it.ID)), and the variables that
// carry them on.
func CollectedFrom(fn *ssa.Function, records []ssa.Value) []ssa.Value {
	var out []ssa.Value
	fromRecord := func(v ssa.Value) bool {
		p := RootPath(v)
		return p.Valid() && (slices.Contains(records, p.Base) || slices.Contains(out, p.Base))
	}
	for range 3 { // a slice appended to in a loop reaches itself through a phi
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				v, ok := instr.(ssa.Value)
				if !ok || slices.Contains(out, v) {
					continue
				}
				switch x := v.(type) {
				case *ssa.Call:
					if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" && len(x.Call.Args) == 2 && slices.ContainsFunc(VariadicElems(x.Call.Args[1]), fromRecord) {
						out = append(out, x)
					}
				case *ssa.Phi:
					if slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return slices.Contains(out, e) }) {
						out = append(out, x)
					}
				}
			}
		}
	}
	return out
}
