package checkthenact

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// enteredOnlyFrom reports whether block b is entered only from block
// from, or also by edges no run takes: the false edge of `if found` where
// an earlier test already returned when !found (`if err != nil || !has {
// return }` then `if has && rec.Cancelled { return }`: the gated code
// after the second test has two ways in, one of them dead).
func enteredOnlyFrom(b, from *ssa.BasicBlock) bool {
	for _, p := range b.Preds {
		if p != from && !deadEdge(p, b) {
			return false
		}
	}
	return true
}

// deadEdge reports whether the edge p→succ, out of an if, is one no run
// takes: a dominating if on the same condition (or its negation) already
// decided it the other way.
func deadEdge(p, succ *ssa.BasicBlock) bool {
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	taken := succ == p.Succs[0] // the condition is true on this edge
	for d := p.Idom(); d != nil; d = d.Idom() {
		prior, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		same, negated := sameCondition(prior.Cond, ifi.Cond)
		if !same {
			continue
		}
		var known bool
		switch {
		case d.Succs[0].Dominates(p) && len(d.Succs[0].Preds) == 1:
			known = true
		case d.Succs[1].Dominates(p) && len(d.Succs[1].Preds) == 1:
			known = false
		default:
			continue
		}
		if negated {
			known = !known
		}
		return known != taken
	}
	return false
}

// sameCondition reports whether a and b are one condition, or one the
// negation (!x) of the other.
func sameCondition(a, b ssa.Value) (same, negated bool) {
	if a == b {
		return true, false
	}
	if n, ok := a.(*ssa.UnOp); ok && n.Op == token.NOT && n.X == b {
		return true, true
	}
	if n, ok := b.(*ssa.UnOp); ok && n.Op == token.NOT && n.X == a {
		return true, true
	}
	return false, false
}
