package checkthenact

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
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

// closureCreation returns the instruction of outer that makes the
// function literal inner: its MakeClosure, or, for a literal that
// captures nothing and so is no closure, the instruction that uses it as
// a value (go func() { ... }(), a callback handed on).
func closureCreation(outer, inner *ssa.Function) ssa.Instruction {
	var operands []*ssa.Value
	for _, b := range outer.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == inner {
				return mc
			}
			for _, op := range instr.Operands(operands[:0]) {
				if op != nil && *op == inner {
					return instr
				}
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

// wayTo returns the blocks a path from the region to w (located in fn)
// can pass: entered after the region, and reaching w. An act there runs
// after the test let the caller through and before w, also when the way
// joins another branch's on the way (a switch whose other case creates
// the group the invitation's case looked up).
func wayTo(region []*ssa.BasicBlock, w ssa.Instruction, fn *ssa.Function) []*ssa.BasicBlock {
	loc, ok := locate(w, fn)
	if !ok || len(region) == 0 {
		return region
	}
	var way []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || !ssautil.BlockReaches(b, loc) {
			continue
		}
		for _, r := range region {
			if ssautil.BlockReaches(r, b.Instrs[0]) {
				way = append(way, b)
				break
			}
		}
	}
	return way
}
