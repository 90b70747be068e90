// Package ssautil holds the SSA helpers the idemvet passes share: order
// of instructions within a function, values derived from a result, and
// the small type questions every pass asks. Each helper lives here once.
package ssautil

import (
	"go/token"
	"go/types"
	"iter"

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

// After yields every instruction that can run after a in its function
// (each b with Reachable(a, b)), each once, in no particular order: one
// walk of the blocks, where asking Reachable of every instruction walks
// them once per instruction, which on a large function costs seconds.
func After(a ssa.Instruction) iter.Seq[ssa.Instruction] {
	return func(yield func(ssa.Instruction) bool) {
		start := a.Block()
		if start == nil {
			return
		}
		at := Index(a)
		for _, instr := range start.Instrs[at+1:] {
			if !yield(instr) {
				return
			}
		}
		seen := make([]bool, len(start.Parent().Blocks))
		stack := append([]*ssa.BasicBlock(nil), start.Succs...)
		for len(stack) > 0 {
			blk := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[blk.Index] {
				continue
			}
			seen[blk.Index] = true
			instrs := blk.Instrs
			if blk == start {
				// A loop leads back: what precedes a in its block, and a
				// itself, run again; the rest was yielded above.
				instrs = instrs[:at+1]
			}
			for _, instr := range instrs {
				if !yield(instr) {
					return
				}
			}
			stack = append(stack, blk.Succs...)
		}
	}
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

// NamedOf returns the named type t is or points to, or nil.
func NamedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// ElemNamed returns the named type t is, or reaches through pointers and
// slices (&order, []*Order, *[]Order), or nil: the record a model
// argument or a signature is about.
func ElemNamed(t types.Type) *types.Named {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Named:
			return u
		default:
			return nil
		}
	}
}

// FieldName returns the name of field i of the struct t is or points to,
// or "".
func FieldName(t types.Type, i int) string {
	if st, ok := DerefStruct(t); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return ""
}

// IsError reports whether t is the error interface, or an interface that
// includes it (an error that carries an HTTP code, gtserror.WithCode): a
// service whose helpers return such errors tests them against nil for
// failure just the same.
func IsError(t types.Type) bool {
	errorType := types.Universe.Lookup("error").Type()
	if types.Identical(t, errorType) {
		return true
	}
	if _, param := t.(*types.TypeParam); param {
		return false
	}
	_, iface := t.Underlying().(*types.Interface)
	return iface && types.Implements(t, errorType.Underlying().(*types.Interface))
}

// IsNilConst reports whether v is the constant nil of a pointer, slice,
// map, channel, function or interface type (the nil of err != nil).
func IsNilConst(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.IsNil()
}

// ErrorResults returns the values that carry a call's error results:
// the error-typed extracts of a tuple, or the call itself when it returns
// only an error.
func ErrorResults(call *ssa.Call) []ssa.Value {
	tuple, ok := call.Type().(*types.Tuple)
	if !ok {
		if IsError(call.Type()) {
			return []ssa.Value{call}
		}
		return nil
	}
	var errs []ssa.Value
	for _, ref := range *call.Referrers() {
		if x, ok := ref.(*ssa.Extract); ok && IsError(tuple.At(x.Index).Type()) {
			errs = append(errs, x)
		}
	}
	return errs
}

// IsBasicKind reports whether t's underlying type is a basic type of one
// of the kinds info names (types.IsString|types.IsInteger).
func IsBasicKind(t types.Type, info types.BasicInfo) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&info != 0
}

// IsBool reports whether t is a boolean type.
func IsBool(t types.Type) bool { return IsBasicKind(t, types.IsBoolean) }

// IsString reports whether t is a string type (a named one too: a
// status type declared as a string).
func IsString(t types.Type) bool { return IsBasicKind(t, types.IsString) }

// IsTime reports whether t is time.Time.
func IsTime(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n := NamedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// LoadsOf returns the loads (*addr) of an address; none for a package
// variable, whose loads go/ssa does not list (a Global has no referrers).
func LoadsOf(addr ssa.Value) []ssa.Value {
	refs := addr.Referrers()
	if refs == nil {
		return nil
	}
	var loads []ssa.Value
	for _, ref := range *refs {
		if l, ok := ref.(*ssa.UnOp); ok && l.Op == token.MUL {
			loads = append(loads, l)
		}
	}
	return loads
}

// StaticCalls yields fn's calls whose callee is known statically, with the
// called function or method (nil for a closure or a synthetic wrapper
// without one), in block order.
func StaticCalls(fn *ssa.Function) iter.Seq2[ssa.CallInstruction, *types.Func] {
	return func(yield func(ssa.CallInstruction, *types.Func) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				f, _ := callee.Object().(*types.Func)
				if !yield(call, f) {
					return
				}
			}
		}
	}
}

// ReturnsBool reports whether call has one result, a bool: a predicate.
func ReturnsBool(call *ssa.Call) bool {
	res := call.Call.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// BlockReaches reports whether a path from the start of block from
// reaches instr: instr is in it, or reachable from its first instruction.
func BlockReaches(from *ssa.BasicBlock, to ssa.Instruction) bool {
	return from == to.Block() || len(from.Instrs) > 0 && Reachable(from.Instrs[0], to)
}

// ReachesAvoiding reports whether a path from one of the starts reaches
// target while entering, after the starts, only blocks that enter allows.
func ReachesAvoiding(starts []*ssa.BasicBlock, target *ssa.BasicBlock, enter func(*ssa.BasicBlock) bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	queue := append([]*ssa.BasicBlock(nil), starts...)
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b == target {
			return true
		}
		for _, next := range b.Succs {
			if enter(next) {
				queue = append(queue, next)
			}
		}
	}
	return false
}

// Returns returns the return instructions of fn, one per block that
// ends in one.
func Returns(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			out = append(out, ret)
		}
	}
	return out
}

// Extracts returns the extracts of result index from a tuple-valued
// instruction: a call's, a comma-ok lookup's, a range's next.
func Extracts(tuple ssa.Value, index int) []ssa.Value {
	refs := tuple.Referrers()
	if refs == nil {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *refs {
		if e, ok := ref.(*ssa.Extract); ok && e.Index == index {
			out = append(out, e)
		}
	}
	return out
}

// ReturnsBoolAndError reports whether f returns exactly a bool and an
// error.
func ReturnsBoolAndError(f *types.Func) bool {
	res := f.Type().(*types.Signature).Results()
	return res.Len() == 2 && IsBool(res.At(0).Type()) && IsError(res.At(1).Type())
}

// IsBytes reports whether t is a byte slice ([]byte, json.RawMessage).
func IsBytes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && types.Identical(s.Elem(), types.Typ[types.Byte])
}

// HasMethod reports whether t, or a pointer to it, has a method name
// (promoted methods included).
func HasMethod(t types.Type, name string) bool {
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}

// StoredResult returns the value a return statement stored into its
// function's result slot, when v is the reload of that slot a Return
// uses: in a function with a defer (or named results) SSA stores each
// returned value into the slot, runs the deferred calls and returns the
// slot's contents, so `return ErrExists` returns a load, not the
// sentinel. It returns v itself otherwise. A deferred call that assigns
// a named result is not seen.
func StoredResult(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	slot, ok := load.X.(*ssa.Alloc)
	if !ok || slot.Heap || load.Block() == nil {
		return v
	}
	used := false
	for _, ref := range *load.Referrers() {
		if _, ok := ref.(*ssa.Return); !ok {
			return v
		}
		used = true
	}
	if !used {
		return v
	}
	instrs := load.Block().Instrs
	for i := Index(load) - 1; i >= 0; i-- {
		switch x := instrs[i].(type) {
		case *ssa.Store:
			if x.Addr == slot {
				return x.Val
			}
		case *ssa.RunDefers, *ssa.UnOp:
		default:
			return v
		}
	}
	return v
}
