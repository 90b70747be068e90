package claimtx

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// Routers apply idemhttp's middleware to handlers that Wrap's argument
// never names: chi's r.Use(m.Wrap) and r.With(m.Wrap).Post(...), echo's
// e.Group("/v1", echo.WrapMiddleware(m.Wrap)).POST(...), a route-level
// middleware beside its handler. The rule is the router's, not one
// library's: a call that receives the middleware marks its receiver and
// its result as wrapped routers, and every handler later registered on a
// wrapped router (or passed beside the middleware) runs behind it. Group
// and Route closures that receive the router inherit it.

// checkRoutes checks the handlers fn registers behind the middleware.
// routers are values already known to be wrapped (a Group closure's
// router parameter), nil at the top.
func (w *workChecker) checkRoutes(fn *ssa.Function, routers map[ssa.Value]bool) {
	if routers == nil {
		routers = make(map[ssa.Value]bool)
	}
	// middlewares are adapted forms of the middleware: echo's
	// WrapMiddleware(m.Wrap), alice.New(m.Wrap).
	middlewares := make(map[ssa.Value]bool)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := call.Common()
			recv, args := receiverAndArgs(common)
			carries := false
			for _, a := range args {
				if middlewares[a] || carriesMiddleware(a) {
					carries = true
				}
			}
			res := call.Value()
			switch {
			case carries && recv == nil:
				if res != nil {
					middlewares[res] = true
				}
			case carries:
				switch {
				case res != nil && sameHome(res.Type(), recv):
					routers[res] = true // r.With(m.Wrap), e.Group("/v1", mw): the new router only
				case !registersHandler(w.model, args):
					routers[recv] = true // r.Use(m.Wrap)
				}
				// Otherwise a route's own middleware (e.POST(path, h, mw)):
				// the handlers beside it, checked below.
			case recv != nil && middlewares[recv]:
				// alice.New(m.Wrap).ThenFunc(h): a handler of the chain.
			case recv != nil && routers[recv]:
				if res != nil && sameHome(res.Type(), recv) {
					routers[res] = true // a sub-router of a wrapped one
				}
			default:
				continue
			}
			for _, a := range args {
				handler := workFunction(w.model, a)
				switch {
				case handler == nil:
				case ssautil.ServesRequest(handler):
					w.check(wrappedHandler, handler, nil)
				case recv != nil && routers[recv]:
					if inner := routerParams(handler, recv); len(inner) > 0 {
						w.checkRoutes(handler, inner) // r.Group(func(r chi.Router) { ... })
					}
				}
			}
		}
	}
}

// registersHandler reports whether one of a call's arguments is an HTTP
// handler function.
func registersHandler(model *dataaccess.Result, args []ssa.Value) bool {
	for _, a := range args {
		if fn := workFunction(model, a); fn != nil && ssautil.ServesRequest(fn) {
			return true
		}
	}
	return false
}

// receiverAndArgs splits a call into the value it is a method of (nil for
// a function) and its other arguments, a variadic slice's elements
// included.
func receiverAndArgs(c *ssa.CallCommon) (ssa.Value, []ssa.Value) {
	var recv ssa.Value
	args := c.Args
	switch {
	case c.IsInvoke():
		recv = c.Value
	case c.Signature().Recv() != nil && len(args) > 0:
		recv, args = args[0], args[1:]
	}
	var flat []ssa.Value
	for _, a := range args {
		flat = append(flat, a)
		flat = append(flat, dataaccess.VariadicElems(a)...)
	}
	return recv, flat
}

// carriesMiddleware reports whether v is idemhttp's middleware as a value:
// the method value m.Wrap, or a function that returns m.Wrap(next).
func carriesMiddleware(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.MakeClosure:
		fn, _ := v.Fn.(*ssa.Function)
		if fn == nil {
			return false
		}
		if f, ok := fn.Object().(*types.Func); ok && fn.Synthetic != "" && isMiddlewareWrap(f) {
			return true // the method value m.Wrap
		}
		return returnsWrapped(fn)
	case *ssa.Function:
		return returnsWrapped(v)
	case *ssa.ChangeType:
		return carriesMiddleware(v.X)
	case *ssa.MakeInterface:
		return carriesMiddleware(v.X)
	}
	return false
}

// returnsWrapped reports whether fn is a middleware that returns
// m.Wrap(next) for its own parameter.
func returnsWrapped(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ret, ok := instr.(*ssa.Return)
			if !ok || len(ret.Results) != 1 {
				continue
			}
			call, ok := ret.Results[0].(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil {
				continue
			}
			f, _ := callee.Object().(*types.Func)
			if isMiddlewareWrap(f) && len(call.Call.Args) == 2 {
				if p, ok := call.Call.Args[1].(*ssa.Parameter); ok && p.Parent() == fn {
					return true
				}
			}
		}
	}
	return false
}

// sameHome reports whether t is a type of the package that declares the
// router's type: what a router method returns when it returns a router.
func sameHome(t types.Type, router ssa.Value) bool {
	if router == nil {
		return false
	}
	a, b := named(t), named(router.Type())
	return a != nil && b != nil && a.Obj().Pkg() != nil && a.Obj().Pkg() == b.Obj().Pkg()
}

// routerParams returns fn's parameters that are routers of the receiver's
// package (the router a Group or Route closure is handed).
func routerParams(fn *ssa.Function, router ssa.Value) map[ssa.Value]bool {
	params := make(map[ssa.Value]bool)
	for _, p := range fn.Params {
		if sameHome(p.Type(), router) {
			params[p] = true
		}
	}
	return params
}
