package checkthenact

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// One more way code cannot run beside a twin of itself: it does not run
// at all. An unexported function or method that nothing in its package
// calls, names as a value or could reach through an interface is dead
// code (only its package can call it), and a race in it is in code no
// request reaches. Exported functions may have callers in other packages,
// which the analysis of this one cannot see, so they are never dead here.

// neverCalled reports whether fn, unexported and with no static call in
// the package's own code, is dead: not used as a value (asValue, also
// through a method expression's thunk), not named in the package
// initialiser (a registry map of handlers), not a method an interface of
// the package could dispatch to, and not generic (whose calls go to its
// instances).
func (c *callers) neverCalled(fn *ssa.Function, obj *types.Func) bool {
	if fn.TypeParams().Len() > 0 || fn.Synthetic != "" || genericReceiver(obj) {
		return false
	}
	if obj.Type().(*types.Signature).Recv() != nil && c.dispatches(obj.Name()) {
		return false
	}
	if init := c.model.SSA().Pkg.Func("init"); init != nil && mentions(init, fn) {
		return false
	}
	return true
}

// mentions reports whether an instruction of in, or of a function literal
// in it (a closure in a package variable's initialiser), names fn, as a
// call or as a value, itself or through a wrapper the builder made for it
// (a method expression's thunk, a bound method's closure).
func mentions(in, fn *ssa.Function) bool {
	for _, anon := range in.AnonFuncs {
		if mentions(anon, fn) {
			return true
		}
	}
	for _, b := range in.Blocks {
		for _, instr := range b.Instrs {
			for _, op := range instr.Operands(nil) {
				if op == nil {
					continue
				}
				if w, ok := (*op).(*ssa.Function); ok && (w == fn || w.Synthetic != "" && w.Object() == fn.Object()) {
					return true
				}
			}
		}
	}
	return false
}

// dispatches reports whether a method named name may be called through an
// interface in the package: an interface call of that name, or an
// interface type of the package that declares it (its values may be
// handed to code that calls it). An unexported name can only be declared
// by the package's own interfaces.
func (c *callers) dispatches(name string) bool {
	if c.invoked[name] {
		return true
	}
	scope := c.model.SSA().Pkg.Pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		if iface, ok := tn.Type().Underlying().(*types.Interface); ok {
			for m := range iface.Methods() {
				if m.Name() == name {
					return true
				}
			}
		}
	}
	return false
}

// genericReceiver reports whether obj is a method of a generic type.
func genericReceiver(obj *types.Func) bool {
	recv := obj.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	n := ssautil.NamedOf(recv.Type())
	return n != nil && n.TypeParams().Len() > 0
}
