package dataaccess

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// Dominates reports whether a runs before b on every path that reaches b:
// a's block dominates b's, and a comes first when they share one.
func Dominates(a, b ssa.Instruction) bool {
	if a == b || a.Block() == nil || b.Block() == nil {
		return false
	}
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	return indexIn(a) < indexIn(b)
}

// Reaches reports whether b can run after a: on some path of the control
// flow graph from a, b follows.
func Reaches(a, b ssa.Instruction) bool {
	if a == b || a.Block() == nil || b.Block() == nil || a.Parent() != b.Parent() {
		return false
	}
	if a.Block() == b.Block() && indexIn(a) < indexIn(b) {
		return true
	}
	return BlockReaches(a.Block().Succs, b.Block())
}

// BlockReaches reports whether target is one of from or reachable from
// one of them.
func BlockReaches(from []*ssa.BasicBlock, target *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), from...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == target {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

func indexIn(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// SameTx reports whether two handles belong to one transaction: the same
// value, or fields of one transaction value (ent's tx.Order and
// tx.IdempotencyKey, committed by tx.Commit()).
func SameTx(a, b Handle) bool {
	if a.Same(b) {
		return true
	}
	return a.Path.Valid() && a.Path.Base == b.Path.Base &&
		a.Kind == apis.HandleTx && b.Kind == apis.HandleTx
}
