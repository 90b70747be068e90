package dataaccess

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// A memoised accessor builds what it hands out on its first call and keeps
// it in a field of its receiver:
//
//	func (d *dependency) DBClient() *ent.Client {
//		if d.dbClient != nil {
//			return d.dbClient
//		}
//		client := connectAndMigrate(...)
//		d.dbClient = client
//		return client
//	}
//
// What that first call does (connect, migrate the schema) is once per
// process, no part of the work of any one caller: a request that fetches
// a client from its dependency container before filling a cache makes no
// effect there (cloudreve's dep.FileClient()). The summary of such a
// function leaves out what runs only while the field is still nil.

// withoutLazyInit returns ops without those of fn that run only on the
// path where a field of fn's receiver tests nil and that path stores the
// field.
func withoutLazyInit(fn *ssa.Function, ops []*Op) []*Op {
	arms := lazyArms(fn)
	if len(arms) == 0 {
		return ops
	}
	out := make([]*Op, 0, len(ops))
	for _, op := range ops {
		if op.Instr != nil && op.Instr.Parent() == fn && dominatedByAny(arms, op.Instr.Block()) {
			continue
		}
		out = append(out, op)
	}
	return out
}

// lazyArms returns the first blocks of the branches where a field of fn's
// receiver is nil (if d.x != nil { return d.x } falls through to one)
// and which store that field before they end.
func lazyArms(fn *ssa.Function) []*ssa.BasicBlock {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return nil
	}
	recv := fn.Params[0]
	var arms []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		field, op, ok := receiverFieldNilTest(ifi.Cond, recv)
		if !ok {
			continue
		}
		arm := b.Succs[1] // the false arm of != nil
		if op == token.EQL {
			arm = b.Succs[0]
		}
		if len(arm.Preds) == 1 && storesField(fn, arm, recv, field) {
			arms = append(arms, arm)
		}
	}
	return arms
}

// receiverFieldNilTest reads cond as recv.f == nil or recv.f != nil and
// returns f and the comparison.
func receiverFieldNilTest(cond ssa.Value, recv *ssa.Parameter) (field int, op token.Token, ok bool) {
	cmp, isCmp := cond.(*ssa.BinOp)
	if !isCmp || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return 0, 0, false
	}
	x := cmp.X
	if ssautil.IsNilConst(x) {
		x = cmp.Y
	} else if !ssautil.IsNilConst(cmp.Y) {
		return 0, 0, false
	}
	load, isLoad := x.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return 0, 0, false
	}
	fa, isField := load.X.(*ssa.FieldAddr)
	if !isField || fa.X != recv {
		return 0, 0, false
	}
	return fa.Field, cmp.Op, true
}

// storesField reports whether a block arm dominates stores recv.field.
func storesField(fn *ssa.Function, arm *ssa.BasicBlock, recv *ssa.Parameter, field int) bool {
	for _, b := range fn.Blocks {
		if !arm.Dominates(b) {
			continue
		}
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.X == recv && fa.Field == field {
				return true
			}
		}
	}
	return false
}

func dominatedByAny(arms []*ssa.BasicBlock, b *ssa.BasicBlock) bool {
	for _, arm := range arms {
		if arm.Dominates(b) {
			return true
		}
	}
	return false
}
