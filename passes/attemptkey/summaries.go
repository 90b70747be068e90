package attemptkey

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// summarize computes the facts of the package's named functions. Facts of
// one function feed the facts of its callers in the same package, so the
// computation repeats until nothing changes (call chains inside one
// package are short; a few rounds suffice).
func (a *checker) summarize() {
	var named []*ssa.Function
	for _, fn := range a.ssa.SrcFuncs {
		if _, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil {
			named = append(named, fn)
		}
	}
	for round := 0; round < 4; round++ {
		a.findContexts()
		changed := false
		for _, fn := range named {
			obj := fn.Object().(*types.Func)
			h, old := a.retryHelperOf(fn), a.facts.helpers[obj]
			if (h == nil) != (old == nil) || h != nil && *h != *old {
				changed = true
				if h == nil {
					delete(a.facts.helpers, obj)
				} else {
					a.facts.helpers[obj] = h
				}
			}
			k, oldK := a.keyFuncOf(fn), a.facts.keyFuncs[obj]
			if (k == nil) != (oldK == nil) || k != nil && !k.equal(oldK) {
				changed = true
				if k == nil {
					delete(a.facts.keyFuncs, obj)
				} else {
					a.facts.keyFuncs[obj] = k
				}
			}
		}
		if !changed {
			break
		}
	}
	a.findContexts()
}

// findContexts lists the retry contexts of the package's functions.
func (a *checker) findContexts() {
	a.ctxs = a.ctxs[:0]
	for _, fn := range a.ssa.SrcFuncs {
		a.ctxs = append(a.ctxs, a.retryContexts(fn)...)
	}
}

// contextOf returns the innermost retry context instr runs in, or nil.
func (a *checker) contextOf(instr ssa.Instruction) *retryContext {
	var best *retryContext
	for _, rc := range a.ctxs {
		if rc.runsPerAttempt(instr) && (best == nil || rc.size() < best.size()) {
			best = rc
		}
	}
	return best
}

// retryHelperOf returns the RetryHelper fact of fn: the last func
// parameter it calls once per attempt, in a retry loop or in a function
// handed to a retry helper, or passes to a retry helper itself.
func (a *checker) retryHelperOf(fn *ssa.Function) *RetryHelper {
	found := -1
	note := func(v ssa.Value) {
		if i := a.paramOf(fn, v); i > found {
			found = i
		}
	}
	for _, g := range funcsIn(fn) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				c := call.Common()
				if arg, _ := a.retriedArg(c); arg >= 0 {
					note(c.Args[arg])
				}
				if c.IsInvoke() || a.contextOf(call) == nil {
					continue
				}
				note(c.Value)
				// c.attempt(ctx, op): a helper of this package that calls
				// the func it is given, once per attempt here.
				if callee := c.StaticCallee(); callee != nil && callee.Pkg == fn.Pkg {
					for i, arg := range c.Args {
						if i < len(callee.Params) && callsParam(callee.Params[i]) {
							note(arg)
						}
					}
				}
			}
		}
	}
	if found < 0 {
		return nil
	}
	return &RetryHelper{FuncParam: found}
}

// callsParam reports whether a function calls its func parameter p.
func callsParam(p *ssa.Parameter) bool {
	if !isFuncType(p.Type()) {
		return false
	}
	for _, r := range *p.Referrers() {
		if call, ok := r.(ssa.CallInstruction); ok && call.Common().Value == p {
			return true
		}
	}
	return false
}

// paramOf returns the index (receiver excluded) of the func parameter of
// fn that v is, directly or as a variable captured by a function literal,
// or -1.
func (a *checker) paramOf(fn *ssa.Function, v ssa.Value) int {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.FreeVar:
			if v = dataaccess.Binding(x); v != nil {
				continue
			}
		case *ssa.UnOp:
			// A captured parameter lives in a heap cell: *cell.
			if x.Op == token.MUL {
				if v = dataaccess.StoredOnce(x.X); v != nil {
					continue
				}
			}
		case *ssa.Parameter:
			if !isFuncType(x.Type()) {
				return -1
			}
			offset := 0
			if fn.Signature.Recv() != nil {
				offset = 1
			}
			for i, p := range fn.Params {
				if p == x && i >= offset {
					return i - offset
				}
			}
		}
		return -1
	}
}

// keyFuncOf returns the KeyFunc fact of fn, or nil.
func (a *checker) keyFuncOf(fn *ssa.Function) *KeyFunc {
	k := new(KeyFunc)
	offset := 0
	if fn.Signature.Recv() != nil {
		offset = 1
	}
	for i, p := range fn.Params {
		if i < offset || !canHoldKey(p.Type()) {
			continue
		}
		fl := a.newFlow(fn, true)
		key, dedup := false, false
		for _, h := range fl.run(p) {
			if !fl.conditional(h) {
				key = key || !h.dedup
				dedup = true
			}
		}
		if key {
			k.KeyParams = append(k.KeyParams, i-offset)
		}
		if dedup {
			k.DedupParams = append(k.DedupParams, i-offset)
		}
		if len(fl.returned) > 0 {
			k.Passes = append(k.Passes, i-offset)
		}
	}
	k.Mints = a.returnsMinted(fn)
	k.MintsIntoSink = a.mintsIntoSink(fn)
	if k.empty() {
		return nil
	}
	return k
}

// returnsMinted reports whether every return of fn yields a freshly
// minted value (or an error).
func (a *checker) returnsMinted(fn *ssa.Function) bool {
	var sources []ssa.Value
	var returns []*ssa.Return
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Call:
				sources = append(sources, a.mintedValues(instr)...)
			case *ssa.Return:
				returns = append(returns, instr)
			}
		}
	}
	if len(sources) == 0 || len(returns) == 0 {
		return false
	}
	fl := a.newFlow(fn, false)
	fl.run(sources...)
	if len(fl.returned) == 0 {
		return false
	}
	for _, r := range returns {
		if !fl.returned[r] && !returnsError(r) {
			return false
		}
	}
	return true
}

// returnsError reports whether r returns a non-nil error.
func returnsError(r *ssa.Return) bool {
	if len(r.Results) == 0 {
		return false
	}
	last := r.Results[len(r.Results)-1]
	return ssautil.IsError(last.Type()) && !ssautil.IsNilConst(last)
}

// mintsIntoSink reports whether fn, outside any retry of its own, mints a
// value that always reaches an idempotency-key sink, or calls a function
// that does.
func (a *checker) mintsIntoSink(fn *ssa.Function) bool {
	for _, g := range funcsIn(fn) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || a.contextOf(call) != nil {
					continue
				}
				if k := a.facts.keyFunc(calleeFunc(&call.Call)); k != nil && k.MintsIntoSink {
					return true
				}
				sources := a.mintedValues(call)
				if len(sources) == 0 {
					continue
				}
				fl := a.newFlow(g, false)
				for _, h := range fl.run(sources...) {
					if !fl.conditional(h) {
						return true
					}
				}
			}
		}
	}
	return false
}
