package attemptkey

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/funcnames"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A retryContext is code that runs once per attempt of one operation: the
// body of a retry loop, or a function handed to a retry helper.
type retryContext struct {
	loop *loop // a retry loop, or
	// fn is the function a helper retries, and call the helper call; or
	// fn is a message handler and call is nil (the broker retries it).
	fn     *ssa.Function
	call   ssa.CallInstruction
	helper string
}

// pos is where the retry is, for the diagnostic's related position.
func (rc *retryContext) pos() token.Pos {
	if rc.loop != nil {
		if rc.loop.stmt != nil {
			return rc.loop.stmt.Pos()
		}
		return rc.loop.firstPos() // a goto loop: its first statement, never the function header
	}
	if rc.call == nil {
		return rc.fn.Pos() // the handler itself
	}
	return rc.call.Pos()
}

func (rc *retryContext) describe() string {
	switch {
	case rc.loop != nil && rc.loop.deliveries:
		return "the loop over deliveries (a redelivered message comes round again)"
	case rc.loop != nil:
		return "the retry loop"
	case rc.call == nil:
		return "the message handler (the broker redelivers a message the handler fails)"
	}
	return "retried by " + rc.helper
}

// runsPerAttempt reports whether instr runs on every attempt: inside the
// loop body, in a function literal made inside it, or inside the retried
// function.
func (rc *retryContext) runsPerAttempt(instr ssa.Instruction) bool {
	if rc.loop == nil {
		return within(instr.Parent(), rc.fn)
	}
	fn := instr.Parent()
	if fn == rc.loop.fn {
		return rc.loop.contains(instr)
	}
	for ; fn != nil && fn.Parent() != rc.loop.fn; fn = fn.Parent() {
	}
	return fn != nil && rc.loop.makes(fn)
}

// makes reports whether the loop body creates or calls function literal
// lit (a closure made per iteration).
func (l *loop) makes(lit *ssa.Function) bool {
	for b := range l.body {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.MakeClosure:
				if instr.Fn == lit {
					return true
				}
			case ssa.CallInstruction:
				if instr.Common().Value == lit {
					return true
				}
			}
		}
	}
	return false
}

// persists reports whether a variable keeps its value from one attempt
// to the next: one declared outside the loop or captured by the retried
// function.
func (rc *retryContext) persists(addr ssa.Value) bool {
	if outlives(addr) {
		return true
	}
	if alloc, ok := addr.(*ssa.Alloc); ok && rc.loop != nil {
		return !rc.loop.contains(alloc)
	}
	return false
}

// stopPhis returns the loop's header phis: the values carried from one
// attempt to the next.
func (rc *retryContext) stopPhis() map[*ssa.Phi]bool {
	stop := map[*ssa.Phi]bool{}
	if rc.loop != nil {
		for _, instr := range rc.loop.header.Instrs {
			if phi, ok := instr.(*ssa.Phi); ok {
				stop[phi] = true
			}
		}
	}
	return stop
}

// size orders contexts innermost first.
func (rc *retryContext) size() int {
	if rc.loop != nil {
		return len(rc.loop.body)
	}
	return len(rc.fn.Blocks) + 1<<20 // retried functions enclose the loops in them
}

// retryContexts finds the retry loops of fn and the functions it hands to
// retry helpers.
func (a *checker) retryContexts(fn *ssa.Function) []*retryContext {
	var ctxs []*retryContext
	for _, l := range a.loops(fn) {
		if l.isRetry(a.pass.TypesInfo) {
			ctxs = append(ctxs, &retryContext{loop: l})
		}
	}
	if handlesMessage(fn) {
		ctxs = append(ctxs, &retryContext{fn: fn})
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			arg, helper := a.retriedArg(call.Common())
			if arg < 0 {
				continue
			}
			if target := funcOf(call.Common().Args[arg]); target != nil && len(target.Blocks) > 0 {
				ctxs = append(ctxs, &retryContext{fn: target, call: call, helper: helper})
			}
		}
	}
	return ctxs
}

// loops caches the natural loops of each function.
func (a *checker) loops(fn *ssa.Function) []*loop {
	ls, ok := a.loopCache[fn]
	if !ok {
		ls = loopsOf(fn)
		a.loopCache[fn] = ls
	}
	return ls
}

// retriedArg returns the index into c.Args of the func argument a retry
// helper runs once per attempt, and the helper's name; -1 for other calls.
func (a *checker) retriedArg(c *ssa.CallCommon) (int, string) {
	f := calleeFunc(c)
	if f == nil || f.Pkg() == nil {
		return -1, ""
	}
	name := f.Pkg().Name() + "." + f.Name()
	param := -1
	recv := ""
	if n := recvNamed(f); n != nil {
		recv = n.Obj().Name()
		name = recv + "." + f.Name()
	}
	if i, ok := apis.RetryFuncArg(f.Pkg().Path(), recv, f.Name()); ok {
		param = i
	} else if retryNames.Matches(f) {
		param = lastFuncParam(f.Type().(*types.Signature))
	} else if h := a.facts.retryHelper(f); h != nil {
		param = h.FuncParam
	}
	if param < 0 {
		return -1, ""
	}
	arg := argIndex(c, param)
	if arg >= len(c.Args) {
		return -1, ""
	}
	return arg, name
}

// handlesMessage reports whether fn takes a broker message: it runs once
// per delivery, and the broker redelivers what it fails to process.
func handlesMessage(fn *ssa.Function) bool { return ssautil.MessageParam(fn) != nil }

func lastFuncParam(sig *types.Signature) int {
	for i := sig.Params().Len() - 1; i >= 0; i-- {
		if isFuncType(sig.Params().At(i).Type()) {
			return i
		}
	}
	return -1
}

var (
	retryNames funcnames.List // -retry
	keyHeaders funcnames.List // -keyheaders
)

func init() {
	Analyzer.Flags.Var(&retryNames, "retry", "comma-separated retry helpers (qualified or suffix names); the last func-typed parameter is the retried operation")
	Analyzer.Flags.Var(&keyHeaders, "keyheaders", "comma-separated extra HTTP header names that carry an idempotency key")
}
