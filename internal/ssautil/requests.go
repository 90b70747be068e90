package ssautil

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// ServesRequest reports whether fn handles an HTTP request: it takes a
// *http.Request, or a framework context that hands one out
// (echo.Context's Request(), gin.Context's Request field).
func ServesRequest(fn *ssa.Function) bool {
	return RequestParam(fn) != nil
}

// RequestParam returns fn's parameter that carries the HTTP request (the
// *http.Request, or the framework context), or nil.
func RequestParam(fn *ssa.Function) *ssa.Parameter {
	for _, p := range fn.Params {
		if isHTTPRequest(p.Type()) || hasRequest(p.Type()) {
			return p
		}
	}
	return nil
}

func isHTTPRequest(t types.Type) bool {
	n := NamedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Request"
}

func hasRequest(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Request")
	switch obj := obj.(type) {
	case *types.Var:
		return isHTTPRequest(obj.Type())
	case *types.Func:
		res := obj.Signature().Results()
		return obj.Signature().Params().Len() == 0 && res.Len() == 1 && isHTTPRequest(res.At(0).Type())
	}
	return false
}
