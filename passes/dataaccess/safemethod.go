package dataaccess

import (
	"golang.org/x/tools/go/ssa"
)

// GET and HEAD are safe methods (RFC 9110): run twice, they change
// nothing. net/http's Get and Head are no effect in the tables; a request
// sent with Do, or through a client of the program's own
// (client.Request("GET", url, nil)), names its method in an argument.

// sendsSafeMethod reports whether an HTTP call sends a GET or HEAD: Do of
// a request that http.NewRequest[WithContext] made with that method, or a
// call whose first constant string argument is that method.
func sendsSafeMethod(c *ssa.CallCommon) bool {
	for i := 0; arg(c, i) != nil; i++ {
		a := arg(c, i)
		if s, ok := constString(a); ok {
			return safeMethod(s) // the first constant string: the method, or not one
		}
		if made := newRequestCall(a); made != nil {
			s, ok := constString(requestMethodArg(made))
			return ok && safeMethod(s)
		}
	}
	return false
}

func safeMethod(s string) bool { return s == "GET" || s == "HEAD" }

// newRequestCall returns the call of http.NewRequest or
// NewRequestWithContext that made the request v is, or nil.
func newRequestCall(v ssa.Value) *ssa.Call {
	e, ok := Unwrap(v).(*ssa.Extract)
	if !ok || e.Index != 0 {
		return nil
	}
	call, ok := e.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	f := call.Call.StaticCallee()
	if f == nil || f.Pkg == nil || f.Pkg.Pkg.Path() != "net/http" || f.Name() != "NewRequest" && f.Name() != "NewRequestWithContext" {
		return nil
	}
	return call
}

// requestMethodArg returns the method argument of a NewRequest call.
func requestMethodArg(call *ssa.Call) ssa.Value {
	if call.Call.StaticCallee().Name() == "NewRequestWithContext" {
		return call.Call.Args[1]
	}
	return call.Call.Args[0]
}
