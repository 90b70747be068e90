package checkthenact

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A list read is often tested for one entry by looking through it:
//
//	pending, err := store.ListPending(ctx, network)
//	for _, r := range pending {
//		if r.UserID == user {
//			return errAlreadyPending
//		}
//	}
//	store.CreateRequest(ctx, ...)
//
// Every match leaves the function, so the loop's normal end is the
// outcome "none found": two callers that both list before either inserts
// both get there.

// fromScans records, for a list the check returned or filled, the range
// loops over it whose matches leave: the loop's test of its index
// against the length is then a presence test, absent when it ends.
func (o *outcomes) fromScans(list ssa.Value) {
	for _, lenCall := range lensOf(list) {
		for _, ref := range *lenCall.Referrers() {
			cmp, ok := ref.(*ssa.BinOp)
			if !ok || cmp.Op != token.LSS || cmp.Y != lenCall {
				continue
			}
			header := cmp.Block()
			ifi, ok := header.Instrs[len(header.Instrs)-1].(*ssa.If)
			if !ok || ifi.Cond != cmp {
				continue
			}
			body, done := header.Succs[0], header.Succs[1]
			if !matchLeaves(list, header, body, done) {
				continue
			}
			switch {
			case len(done.Preds) == 1:
				o.bools = append(o.bools, o.sig(cmp, false))
			case enteredOnFailure(done, header, body):
				// if err == nil { for ... }: a failed read goes on to
				// the insert as an empty list does.
				o.scans = append(o.scans, presenceSplit{absent: done, present: body})
			}
		}
	}
}

// enteredOnFailure reports whether the loop's end is entered, besides
// the loop, only where a test of an error (the read's) skipped the loop:
// no break inside it leads there.
func enteredOnFailure(done, header, body *ssa.BasicBlock) bool {
	for _, p := range done.Preds {
		if p == header {
			continue
		}
		if body.Dominates(p) || !testsError(p) {
			return false
		}
	}
	return true
}

// testsError reports whether block b ends by testing an error against
// nil (err == nil, err != nil).
func testsError(b *ssa.BasicBlock) bool {
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return false
	}
	return ssautil.IsError(cmp.X.Type()) && ssautil.IsNilConst(cmp.Y) || ssautil.IsError(cmp.Y.Type()) && ssautil.IsNilConst(cmp.X)
}

// lensOf returns the len calls of a list: of the value, or of the loads
// of the local a read filled (Find(&list)).
func lensOf(list ssa.Value) []*ssa.Call {
	values := []ssa.Value{list}
	if alloc, ok := list.(*ssa.Alloc); ok {
		values = ssautil.LoadsOf(alloc)
	}
	var out []*ssa.Call
	for _, v := range values {
		for _, ref := range *v.Referrers() {
			if n, ok := ref.(*ssa.Call); ok && isLen(n, v) {
				out = append(out, n)
			}
		}
	}
	return out
}

// matchLeaves reports whether the loop's body tests an element of the
// list for equality and, on a match, leaves without coming back to the
// loop or reaching its end (a return, a panic).
func matchLeaves(list ssa.Value, header, body, done *ssa.BasicBlock) bool {
	for _, b := range body.Parent().Blocks {
		if !body.Dominates(b) {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if !testsElement(ifi.Cond, list) {
			continue
		}
		match := b.Succs[0]
		if !ssautil.BlockReaches(match, header.Instrs[0]) && !ssautil.BlockReaches(match, done.Instrs[0]) {
			return true
		}
	}
	return false
}

// testsElement reports whether cond matches an element of the list: an
// equality with it (r.UserID == user), or its membership in a set the
// code holds (_, ok := wanted[r.ServerName]; if ok).
func testsElement(cond ssa.Value, list ssa.Value) bool {
	switch c := cond.(type) {
	case *ssa.BinOp:
		return c.Op == token.EQL && (fromElement(c.X, list) || fromElement(c.Y, list))
	case *ssa.Extract:
		lookup, ok := c.Tuple.(*ssa.Lookup)
		return ok && c.Index == 1 && lookup.CommaOk && fromElement(lookup.Index, list)
	}
	return false
}

// fromElement reports whether v is an element of the list or a field of
// one (r.UserID of for _, r := range list).
func fromElement(v ssa.Value, list ssa.Value) bool {
	base := dataaccess.RootPath(v).Base
	if alloc, ok := base.(*ssa.Alloc); ok {
		// The loop's variable, kept in memory for its fields: the
		// element copied into it.
		if stored := dataaccess.StoredOnce(alloc); stored != nil {
			base = dataaccess.RootPath(stored).Base
		}
	}
	var of ssa.Value
	switch x := base.(type) {
	case *ssa.IndexAddr:
		of = x.X
	case *ssa.Index:
		of = x.X
	default:
		return false
	}
	if of == list {
		return true
	}
	load, ok := of.(*ssa.UnOp)
	return ok && load.Op == token.MUL && load.X == list
}
