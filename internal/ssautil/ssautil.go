// Package ssautil holds the SSA helpers the idemvet passes share: order
// of instructions within a function, values derived from a result, and
// the small type questions every pass asks. Each helper lives here once.
package ssautil

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Index returns the position of instr in its block, or -1.
func Index(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// Before reports whether a runs before b on every path through their
// function: a's block dominates b's, or a precedes b in one block.
func Before(a, b ssa.Instruction) bool {
	if a == b || a.Block() == nil || b.Block() == nil {
		return false
	}
	if a.Block() == b.Block() {
		return Index(a) < Index(b)
	}
	return a.Block().Dominates(b.Block())
}

// Reachable reports whether b can run after a: some path of their
// function leads from a to b.
func Reachable(a, b ssa.Instruction) bool {
	if a.Block() == nil || b.Block() == nil {
		return false
	}
	if a.Block() == b.Block() && Index(a) < Index(b) {
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
		if !seen[blk] {
			seen[blk] = true
			stack = append(stack, blk.Succs...)
		}
	}
	return false
}

// FuncValue returns the source function a value denotes: a named
// function, or the function of a closure, through type changes; or nil.
func FuncValue(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.MakeClosure:
		fn, _ := v.Fn.(*ssa.Function)
		return fn
	case *ssa.Function:
		return v
	case *ssa.ChangeType:
		return FuncValue(v.X)
	}
	return nil
}

// DerefStruct returns the struct type of t or of what t points to.
func DerefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// FieldName returns the name of field i of the struct t is or points to,
// or "".
func FieldName(t types.Type, i int) string {
	if st, ok := DerefStruct(t); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return ""
}

// IsError reports whether t is the error interface.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// LoadsOf returns the loads (*addr) of an address.
func LoadsOf(addr ssa.Value) []ssa.Value {
	var loads []ssa.Value
	for _, ref := range *addr.Referrers() {
		if l, ok := ref.(*ssa.UnOp); ok && l.Op == token.MUL {
			loads = append(loads, l)
		}
	}
	return loads
}
