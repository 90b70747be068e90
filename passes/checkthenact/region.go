package checkthenact

import (
	"golang.org/x/tools/go/ssa"
)

// locate maps an instruction to the instruction of fn that stands for it:
// itself when it is in fn, or the creation of the closure that contains
// it (db.Transaction(func(tx *gorm.DB) error { tx.Create(...) })).
func locate(instr ssa.Instruction, fn *ssa.Function) (ssa.Instruction, bool) {
	for range 16 {
		inner := instr.Parent()
		if inner == fn {
			return instr, true
		}
		outer := inner.Parent()
		if outer == nil {
			return nil, false
		}
		mc := closureCreation(outer, inner)
		if mc == nil {
			return nil, false
		}
		instr = mc
	}
	return nil, false
}

func closureCreation(outer, inner *ssa.Function) ssa.Instruction {
	for _, b := range outer.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == inner {
				return mc
			}
		}
	}
	return nil
}

// inRegion reports whether instr (located in fn) runs only after entering
// one of the blocks.
func inRegion(instr ssa.Instruction, fn *ssa.Function, region []*ssa.BasicBlock) bool {
	loc, ok := locate(instr, fn)
	if !ok || loc.Block() == nil {
		return false
	}
	for _, b := range region {
		if b.Dominates(loc.Block()) {
			return true
		}
	}
	return false
}

// index returns the position of instr in its block.
func index(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// before reports whether a runs before b on every path: a dominates b.
func before(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		return index(a) < index(b)
	}
	return a.Block().Dominates(b.Block())
}

// reachable reports whether b can run after a (a path from a to b exists).
func reachable(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() && index(a) < index(b) {
		return true
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), a.Block().Succs...)
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if blk == b.Block() {
			return true
		}
		if seen[blk] {
			continue
		}
		seen[blk] = true
		stack = append(stack, blk.Succs...)
	}
	return false
}
