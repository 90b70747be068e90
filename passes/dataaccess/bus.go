package dataaccess

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A command bus (fider's bus.Dispatch(ctx, &query.GetUserByEmail{...}))
// finds the handler registered for the message's type by reflection at
// run time. The package that dispatches does not import the package that
// registers the handlers (the store registers them at start-up), so no
// summary of a handler can reach the dispatch: the message type's name is
// the evidence, as a repository interface method's name is
// (apis.MessageKind). The resource is the entity the name is about, so a
// GetUserByEmail and a RegisterUser meet on the user.

// isBusDispatch reports whether f has a bus's dispatch signature: a
// context, then one message or a variadic list of them of an empty
// interface type, and an error alone returned. A library's functions
// are known by their tables instead.
func (m *modeler) isBusDispatch(f *types.Func) bool {
	return !m.inGOROOT(f.Pos()) && !apis.KnownPackage(f.Pkg().Path()) && hasDispatchSignature(f.Signature())
}

func hasDispatchSignature(sig *types.Signature) bool {
	params, res := sig.Params(), sig.Results()
	if params.Len() != 2 || res.Len() != 1 || !ssautil.IsError(res.At(0).Type()) || !ssautil.IsContext(params.At(0).Type()) {
		return false
	}
	msg := params.At(1).Type()
	if sig.Variadic() {
		msg = msg.(*types.Slice).Elem()
	}
	iface, ok := msg.Underlying().(*types.Interface)
	return ok && iface.Empty()
}

// dispatchedValue returns the one message a dispatch passes, or nil when
// it passes several.
func dispatchedValue(c *ssa.CallCommon) ssa.Value {
	msg := arg(c, 1)
	if c.Signature().Variadic() {
		elems := variadicElems(msg)
		if len(elems) != 1 {
			return nil
		}
		msg = elems[0]
	}
	if msg == nil {
		return nil
	}
	return Unwrap(msg)
}

// dispatchedMessage returns the named struct type of the one message a
// dispatch passes by pointer, or nil when it passes several, or one whose
// type the call does not show.
func dispatchedMessage(c *ssa.CallCommon) *types.Named {
	msg := dispatchedValue(c)
	if msg == nil {
		return nil
	}
	t := msg.Type()
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr {
		return nil
	}
	n, ok := derefNamedStruct(t)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	return n
}

// fromBusMessage classifies a dispatch by its message's type name. It
// reports whether the call is one.
func (m *modeler) fromBusMessage(op *Op, c *ssa.CallCommon, f *types.Func) bool {
	if !m.isBusDispatch(f) {
		return false
	}
	msg := dispatchedMessage(c)
	if msg == nil || m.inGOROOT(msg.Obj().Pos()) {
		return false
	}
	name := msg.Obj().Name()
	kind := apis.MessageKind(name)
	if kind == apis.None {
		return false
	}
	op.Kind = kind
	if noun := apis.MessageEntity(name); noun != "" {
		op.Resource.Table = normalizeTable(noun)
	}
	op.Handle = Handle{Kind: apis.HandleUnknown}
	return true
}

// usesBusDispatch is the fast path's test: the package calls a function
// of its module or a dependency with a bus's dispatch signature.
func usesBusDispatch(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if ok && fn.Pkg() != nil && !passutil.InStandardLibrary(pass.Fset, fn.Pos()) &&
			!apis.KnownPackage(fn.Pkg().Path()) && hasDispatchSignature(fn.Signature()) {
			return true
		}
	}
	return false
}

// DispatchedMessage returns the type name of the message op dispatches
// through a bus (GetUserByEmail), for a diagnostic; "" for any other op.
func DispatchedMessage(op *Op) string {
	c := op.Call()
	if c == nil || op.Callee == nil || !hasDispatchSignature(op.Callee.Signature()) {
		return ""
	}
	if msg := dispatchedMessage(c); msg != nil {
		return msg.Obj().Name()
	}
	return ""
}

// DispatchedResults returns what a query dispatched through a bus loaded:
// the values read from its message's Result field after the call
// (active.Result.Attempts reads the record the handler stored there).
func DispatchedResults(op *Op) []ssa.Value {
	c := op.Call()
	if c == nil || op.Callee == nil || !hasDispatchSignature(op.Callee.Signature()) {
		return nil
	}
	msg := dispatchedValue(c)
	if msg == nil {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *msg.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if ok && ssautil.FieldName(fa.X.Type(), fa.Field) == "Result" {
			out = append(out, ssautil.LoadsOf(fa)...)
		}
	}
	return out
}
