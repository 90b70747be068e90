package volatiledup

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// Real handlers rarely touch the memory inline: they call
// isEventProcessed(id) and markEventProcessed(id), two small methods
// around one map. The model does not summarise a function's maps (they
// are its bookkeeping), so the helpers are found here: a function of the
// package that tests a process memory for a key it is passed and returns
// the found flag as its one result, or that writes a key it is passed
// into one. A call of such a helper is a probe of the memory in its
// caller, keyed by the argument.

// role is what a helper does with its memory.
type role int

const (
	tests role = iota // returns whether the key is present
	marks             // records the key
)

type helper struct {
	role     role
	mem      *memory
	keyParam int // index in the function's Params (receiver first)
}

// memoryHelpers finds the package's test and mark helpers. A function
// that both tests and marks one memory (a claim that answers "new?") is
// neither: which way its bool points is not known.
func memoryHelpers(model *dataaccess.Result) map[*ssa.Function]*helper {
	found := map[*ssa.Function]*helper{}
	mixed := map[*ssa.Function]bool{}
	for _, op := range model.Ops {
		fn := op.Fn
		mem := volatileMemory(op)
		if mem == nil || mem.shared || fn.Parent() != nil {
			continue
		}
		key := paramIndex(fn, op.Resource.Key)
		if key < 0 {
			continue
		}
		var r role
		switch {
		case op.Kind.IsCheck() && returnsFound(fn, op):
			r = tests
		case op.Kind == apis.Insert:
			r = marks
		default:
			continue
		}
		if h, ok := found[fn]; ok && (h.role != r || h.mem.id != mem.id) {
			mixed[fn] = true
		}
		found[fn] = &helper{role: r, mem: mem, keyParam: key}
	}
	for fn := range mixed {
		delete(found, fn)
	}
	return found
}

// paramIndex returns the index among fn's Params of the parameter v is,
// or -1.
func paramIndex(fn *ssa.Function, v ssa.Value) int {
	p, ok := dataaccess.Unwrap(v).(*ssa.Parameter)
	if !ok {
		return -1
	}
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// returnsFound reports whether fn's one result is a bool and every return
// hands back the found flag of op as it is (return ok, return
// m[id]; not !ok, not ok && fresh).
func returnsFound(fn *ssa.Function, op *dataaccess.Op) bool {
	res := fn.Signature.Results()
	if res.Len() != 1 || !ssautil.IsBool(res.At(0).Type()) {
		return false
	}
	flag := foundFlag(op)
	if flag == nil {
		return false
	}
	returns := 0
	for _, b := range fn.Blocks {
		if b == fn.Recover {
			continue // reached only when a deferred call recovers a panic
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if returned(ret.Results[0]) != flag {
				return false
			}
			returns++
		}
	}
	return returns > 0
}

// returned sees through the local a function with defers returns its
// result from (*t0 = v; rundefers; return *t0).
func returned(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if stored := dataaccess.StoredOnce(load.X); stored != nil {
			return stored
		}
	}
	return v
}

// foundFlag returns the bool that op yields for "present": the value of
// a bool lookup (m[id] of a set, Contains), or the ok of a comma-ok form.
func foundFlag(op *dataaccess.Op) ssa.Value {
	v, ok := op.Instr.(ssa.Value)
	if !ok {
		return nil
	}
	if ssautil.IsBool(v.Type()) {
		return v
	}
	tuple, ok := v.Type().(*types.Tuple)
	if !ok {
		return nil
	}
	for _, ref := range *v.Referrers() {
		if e, ok := ref.(*ssa.Extract); ok && e.Index == tuple.Len()-1 && ssautil.IsBool(e.Type()) {
			return e
		}
	}
	return nil
}

// helperCalls returns, for every static call of a helper in the package,
// a stand-in operation: the call as a check (tests) or an insert (marks)
// of the memory, keyed by the argument the helper takes its key from.
func helperCalls(model *dataaccess.Result, helpers map[*ssa.Function]*helper) []probe {
	if len(helpers) == 0 {
		return nil
	}
	var out []probe
	for _, fn := range model.SSA().SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				h := helpers[call.Call.StaticCallee()]
				if h == nil || h.keyParam >= len(call.Call.Args) {
					continue
				}
				kind := apis.Exists
				if h.role == marks {
					kind = apis.Insert
				}
				op := &dataaccess.Op{Kind: kind, Instr: call, Fn: fn,
					Resource: dataaccess.Resource{Key: call.Call.Args[h.keyParam]}}
				out = append(out, probe{op: op, mem: h.mem})
			}
		}
	}
	return out
}
