package attemptkey

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// calleeFunc returns what a call statically names, as the model sees it.
func calleeFunc(c *ssa.CallCommon) *types.Func { return dataaccess.Callee(c) }

// paramIndex maps an index into c.Args to the index of the parameter in
// the callee's signature (receiver excluded), or -1 for the receiver.
func paramIndex(c *ssa.CallCommon, arg int) int {
	if !c.IsInvoke() && c.Signature().Recv() != nil {
		return arg - 1
	}
	return arg
}

// argIndex is the inverse of paramIndex.
func argIndex(c *ssa.CallCommon, param int) int {
	if !c.IsInvoke() && c.Signature().Recv() != nil {
		return param + 1
	}
	return param
}

// receiverOf returns the receiver of a method call, or nil.
func receiverOf(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if c.Signature().Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// recvNamed returns the named receiver type of a method, or nil.
func recvNamed(f *types.Func) *types.Named {
	recv := f.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil
	}
	return ssautil.NamedOf(recv.Type())
}

// funcOf returns the function a func value denotes when it is a function
// literal, a named function or a method value whose body can be read.
func funcOf(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.MakeClosure:
		fn := v.Fn.(*ssa.Function)
		if wrapped := boundMethod(fn); wrapped != nil {
			return wrapped
		}
		return fn
	case *ssa.Function:
		return v
	case *ssa.ChangeType:
		return funcOf(v.X)
	case *ssa.Convert:
		return funcOf(v.X)
	}
	return nil
}

// boundMethod returns the method a bound-method wrapper (c.send used as a
// func value) calls, or nil.
func boundMethod(fn *ssa.Function) *ssa.Function {
	if fn.Synthetic == "" || len(fn.Blocks) != 1 {
		return nil
	}
	for _, instr := range fn.Blocks[0].Instrs {
		if call, ok := instr.(*ssa.Call); ok {
			return call.Call.StaticCallee()
		}
	}
	return nil
}

// selected returns the struct type and the field a *ssa.FieldAddr or
// *ssa.Field selects, or nil when the operand's type is a type parameter
// (the body of a generic function).
func selected(instr ssa.Instruction) (types.Type, *types.Var) {
	var t types.Type
	var idx int
	switch x := instr.(type) {
	case *ssa.FieldAddr:
		p, ok := types.Unalias(x.X.Type()).Underlying().(*types.Pointer)
		if !ok {
			return nil, nil
		}
		t, idx = p.Elem(), x.Field
	case *ssa.Field:
		t, idx = x.X.Type(), x.Field
	default:
		return nil, nil
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok || idx >= st.NumFields() {
		return nil, nil
	}
	return t, st.Field(idx)
}

// isErrorLike reports whether t is error or another interface that
// implements it.
func isErrorLike(t types.Type) bool {
	errType := types.Universe.Lookup("error").Type()
	return types.IsInterface(t) && types.Implements(t, errType.Underlying().(*types.Interface))
}

// isFuncType reports whether t is a func type.
func isFuncType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// funcsIn returns fn and the function literals nested in it.
func funcsIn(fn *ssa.Function) []*ssa.Function {
	out := []*ssa.Function{fn}
	for _, anon := range fn.AnonFuncs {
		out = append(out, funcsIn(anon)...)
	}
	return out
}

// within reports whether fn is outer or a function literal nested in it.
func within(fn, outer *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		if fn == outer {
			return true
		}
	}
	return false
}
