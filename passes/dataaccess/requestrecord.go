package dataaccess

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// A web handler often works on a record a middleware loaded for the
// request and stored in its context (vela's build.Retrieve(c), gin's
// c.MustGet("server").(*models.Server)): the read happened in the
// middleware, with no lock held past it, before the handler tests the
// record's state and writes it back. The value taken from the context is
// that read, and the checks judge it as one.

// fromRequestRecord classifies a context getter (context.Context's Value,
// gin's Get, MustGet and Value, echo's Get) whose result is asserted to
// one of the module's records, or a pointer to one, as a read of that
// record.
func fromRequestRecord(op *Op, call *ssa.Call, f *types.Func) bool {
	switch f.Name() {
	case "Value", "Get", "MustGet":
	default:
		return false
	}
	if pkg, _ := recvTypeName(f); !isRequestContextPackage(pkg) {
		return false
	}
	table := ""
	for _, v := range RequestRecords(call) {
		table = modelName(v)
	}
	if table == "" {
		return false
	}
	op.Kind = apis.Read
	op.Resource.Table = table
	op.FromRequest = true
	return true
}

// handsOnRequestRecord reports whether fn returns the record a context
// getter of it asserts (FromContext(ctx) *Build): a helper its callers
// read the record through. One that only consults the record (a binder
// checking who is signed in) reads nothing for them.
func handsOnRequestRecord(fn *ssa.Function, op *Op) bool {
	call, ok := op.Instr.(*ssa.Call)
	if !ok {
		return false
	}
	records := RequestRecords(call)
	if isRecord(call.Type()) {
		records = append(records, call) // a getter of its own: Retrieve(c) over FromContext(c)
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, r := range ret.Results {
			if slices.Contains(records, r) {
				return true
			}
			if phi, ok := r.(*ssa.Phi); ok && slices.ContainsFunc(phi.Edges, func(e ssa.Value) bool { return slices.Contains(records, e) }) {
				return true
			}
		}
	}
	return false
}

// isRequestContextPackage reports whether a package declares the context
// a request's values are kept in: the standard library's, gin's, echo's.
func isRequestContextPackage(path string) bool {
	return path == "context" || path == "github.com/gin-gonic/gin" || strings.HasPrefix(path, "github.com/labstack/echo")
}

// RequestRecords returns the records a context getter's result is
// asserted to (v.(*Build), v.(Invoice), or the value of v, ok := ...):
// structs of the module or pointers to them, nil for anything else. A
// copy taken by value is as stale as the pointer's record.
func RequestRecords(call *ssa.Call) []ssa.Value {
	results := []ssa.Value{call}
	if _, isTuple := call.Type().(*types.Tuple); isTuple {
		results = nil
		for _, ref := range *call.Referrers() {
			if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 {
				results = append(results, e) // v, ok := c.Get("build")
			}
		}
	}
	var out []ssa.Value
	for _, r := range results {
		for _, ref := range *r.Referrers() {
			ta, ok := ref.(*ssa.TypeAssert)
			if !ok || !isRecord(ta.AssertedType) {
				continue
			}
			if !ta.CommaOk {
				out = append(out, ta)
				continue
			}
			for _, use := range *ta.Referrers() {
				if e, ok := use.(*ssa.Extract); ok && e.Index == 0 {
					out = append(out, e)
				}
			}
		}
	}
	return out
}
