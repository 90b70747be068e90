package checkthenact

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An idempotency middleware that looks a request's key up in a store,
// hands the request to the next handler when it finds nothing, and then
// stores the answer, lets two requests with one key both run the handler:
// the whole request (a charge, an order) is the act. A response cache
// does the same with a URL for its key, where running the handler twice
// is what a cache miss costs; only a key named as an idempotency key, or
// read from an Idempotency-Key header, makes the handler an act.

// delegatesFirst reports whether, after the check's absent branch, the
// request is handed to the next handler before write stores under the
// check's key, and that key is an idempotency key. The handler and the
// store need only follow the absent branch, not run on it alone: such
// middlewares fall through to the handler from a stored answer they
// cannot decode, or from a store that is down, too. A handler that runs
// only where a claim of the key won (SET NX before it) runs once.
func delegatesFirst(check, write *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) bool {
	if write.Instr.Parent() != check.Instr.Parent() || !idempotencyKeyed(check.Resource.Key, 6) || !afterRegion(write.Instr, region) {
		return false
	}
	fn := write.Instr.Parent()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if ok && handsOnRequest(call.Common()) && afterRegion(instr, region) && ssautil.Reachable(instr, write.Instr) &&
				!wonFirst(instr, check, ops, region) {
				return true
			}
		}
	}
	return false
}

// afterRegion reports whether instr, in the function of the region, can
// run after entering one of its blocks.
func afterRegion(instr ssa.Instruction, region []*ssa.BasicBlock) bool {
	for _, b := range region {
		if b.Parent() == instr.Parent() && ssautil.BlockReaches(b, instr) {
			return true
		}
	}
	return false
}

// handsOnRequest reports whether c hands the request to the next handler:
// ServeHTTP on an http.Handler, a call of an http.HandlerFunc (or of a
// func(http.ResponseWriter, *http.Request) value), a call of echo's
// next HandlerFunc, or gin's c.Next().
func handsOnRequest(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return c.Method.Name() == "ServeHTTP"
	}
	if f := c.StaticCallee(); f != nil {
		if f.Name() == "Next" && f.Signature.Recv() != nil {
			return isNamed(f.Signature.Recv().Type(), "github.com/gin-gonic/gin", "Context") // c.Next() runs the rest of gin's chain
		}
		return f.Name() == "ServeHTTP" && f.Signature.Recv() != nil
	}
	sig := c.Signature()
	params := sig.Params()
	switch {
	case params.Len() == 2 && isNamed(params.At(0).Type(), "net/http", "ResponseWriter") && isNamed(params.At(1).Type(), "net/http", "Request"):
		return true
	case params.Len() == 1 && isNamed(c.Value.Type(), "github.com/labstack/echo/v4", "HandlerFunc"):
		return true
	}
	return false
}

// isNamed reports whether t (or what it points to) is the named type
// pkg.name.
func isNamed(t types.Type, pkg, name string) bool {
	n := ssautil.NamedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// idempotencyKeyed reports whether a key is built with a constant naming
// it an idempotency key ("idem:"+key, storageKey("idem:v1", who, key)) or
// from an Idempotency-Key header read.
func idempotencyKeyed(v ssa.Value, depth int) bool {
	if v == nil || depth == 0 {
		return false
	}
	switch x := dataaccess.Unwrap(v).(type) {
	case *ssa.Const:
		return x.Value != nil && x.Value.Kind() == constant.String && namesIdempotency(constant.StringVal(x.Value))
	case *ssa.BinOp:
		return idempotencyKeyed(x.X, depth-1) || idempotencyKeyed(x.Y, depth-1)
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if k, ok := dataaccess.Unwrap(a).(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String && apis.IsIdempotencyKeyHeader(constant.StringVal(k.Value)) {
				return true // r.Header.Get("Idempotency-Key")
			}
			if idempotencyKeyed(a, depth-1) {
				return true
			}
		}
		// A helper of the program's that makes the key from the request
		// (scopedKey(r), idempotencyKeyOf(r)): named for it, or returning
		// what the header gave.
		if f := x.Call.StaticCallee(); f != nil && f.Blocks != nil {
			return namesIdempotency(f.Name()) || returnsIdempotencyKeyed(f, depth-1)
		}
	case *ssa.Slice: // fmt.Sprintf's arguments
		for _, e := range dataaccess.VariadicElems(x) {
			if idempotencyKeyed(e, depth-1) {
				return true
			}
		}
	}
	return false
}

func returnsIdempotencyKeyed(f *ssa.Function, depth int) bool {
	for _, b := range f.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 && idempotencyKeyed(ret.Results[0], depth) {
			return true
		}
	}
	return false
}

func namesIdempotency(s string) bool {
	s = strings.ToLower(s)
	return strings.Contains(s, "idem") || apis.IsIdempotencyKeyHeader(s)
}
