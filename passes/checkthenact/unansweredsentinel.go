package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A store that turns its unique violation into a sentinel says the key
// comes twice (a client's retry, a double submit, a redelivery) and
// leaves the answer to its callers:
//
//	if pgCode(err) == "23505" {
//		return domain.ErrAlreadyExists
//	}
//
// When no caller tests the sentinel, the second attempt is answered by
// the generic error path: a 500 for the shipment the first attempt
// created, a nack that redelivers the message forever, a cron run that
// stops at the first merchant already invoiced. Without a check before
// the insert there is no check-then-insert race to report it with, so
// the insert is reported where the sentinel is made.

// unansweredSentinels reports each plain insert whose unique violation
// its function maps to a sentinel that no caller tests: in the package,
// up the callers that hand it on, and in the module's text (see
// dataaccess.SentinelAnsweredByCallers). The rule stays silent when it
// finds no caller, or when the text walk is unsure (a module without a
// main package, a budget).
func unansweredSentinels(pass *analysis.Pass, judge *Judge, named map[*dataaccess.Op]bool) {
	c := judge.callers
	done := map[*ssa.Function]bool{}
	for _, w := range judge.model.Ops {
		if w.Kind != apis.Insert || named[w] || judge.NoTwin(w) {
			continue
		}
		if w.Summary != nil && (w.Summary.HandlesDuplicate || w.Summary.DuplicateErr != "") {
			continue // answered behind the call, or mapped there: that insert is the one to name
		}
		answered, sentinel, top := answerOutward(w.Instr, "", nil)
		if answered || sentinel == "" || done[top] || namesCallOf(named, top) {
			continue
		}
		done[top] = true
		if c.testedUpChain(top, sentinel, map[sentinelAt]bool{}) {
			continue
		}
		if caller, ok := c.unansweringCaller(top, sentinel); ok {
			reportUnansweredSentinel(pass, w, sentinelReturn(top, w.Instr, sentinel), top, sentinel, caller)
			named[w] = true
		}
	}
}

// namesCallOf reports whether a finding already names a call of fn: the
// check-then-insert race its insert loses says the sentinel goes
// unanswered.
func namesCallOf(named map[*dataaccess.Op]bool, fn *ssa.Function) bool {
	for op := range named {
		if op.Callee != nil && types.Object(op.Callee) == fn.Object() {
			return true
		}
	}
	return false
}

// unansweringCaller returns a caller of fn that hands on the sentinel
// and does not test it, and whether the callers are known well enough to
// say so: callers in the package, or, for a function another package may
// call (fn, or an exported caller that hands the sentinel on), callers
// in the module's text.
func (c *callers) unansweringCaller(fn *ssa.Function, sentinel string) (string, bool) {
	caller := ""
	for _, carrier := range c.exportedCarriers(fn, sentinel, map[*ssa.Function]bool{}) {
		obj, ok := carrier.Object().(*types.Func)
		if !ok {
			return "", false
		}
		answer := c.model.SentinelAnsweredByCallers(sentinel, obj)
		if answer.Answered || answer.Unsure {
			return "", false
		}
		if caller == "" {
			caller = answer.Caller
		}
	}
	if caller != "" {
		return caller, true
	}
	for _, site := range c.sites[fn] {
		if !c.inTestFile(site.Parent()) && !c.calledFromOutside(fn, map[*ssa.Function]bool{}) {
			return site.Parent().Name(), true
		}
	}
	return "", false
}

// exportedCarriers returns fn, when another package can call it, or the
// exported functions of the package that call fn and hand its sentinel
// on.
func (c *callers) exportedCarriers(fn *ssa.Function, sentinel string, seen map[*ssa.Function]bool) []*ssa.Function {
	if seen[fn] {
		return nil
	}
	seen[fn] = true
	if obj := fn.Object(); obj != nil && obj.Exported() {
		return []*ssa.Function{fn}
	}
	var out []*ssa.Function
	for _, site := range c.sites[fn] {
		outer := site.Parent()
		if outer.Parent() != nil || c.inTestFile(outer) {
			continue
		}
		if a := dataaccess.AnswerDuplicate(site, sentinel); a.Sentinel == sentinel {
			out = append(out, c.exportedCarriers(outer, sentinel, seen)...)
		}
	}
	return out
}

// sentinelReturn returns the position of the return in fn, after the
// insert, that hands the sentinel out: where the violation is mapped and
// the answer left to the callers. It is NoPos when none is found.
func sentinelReturn(fn *ssa.Function, insert ssa.Instruction, sentinel string) token.Pos {
	at, ok := locate(insert, fn)
	if !ok {
		return token.NoPos
	}
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if ok && len(ret.Results) > 0 && ret.Pos().IsValid() && ssautil.Reachable(at, ret) &&
			dataaccess.SentinelIn(dataaccess.Unwrap(ret.Results[len(ret.Results)-1])) == sentinel {
			return ret.Pos()
		}
	}
	return token.NoPos
}

func reportUnansweredSentinel(pass *analysis.Pass, w *dataaccess.Op, at token.Pos, fn *ssa.Function, sentinel, caller string) {
	related := []analysis.RelatedInformation{{Pos: w.Pos(), Message: "the insert whose unique violation it is"}}
	if !at.IsValid() {
		at, related = w.Pos(), nil
	}
	pass.Report(analysis.Diagnostic{
		Pos:     at,
		Related: related,
		Message: fmt.Sprintf("unanswered duplicate: %s turns the unique violation of the insert at line %d into %s, and no caller tests it (%s hands it on), so a retried create or a redelivered message that finds the row its first attempt stored gets the generic error path (a 500, a nack, a failed run) instead of that row (answer the sentinel where the request is answered: errors.Is, then the stored row or 409, or an ack; or claim the request with runtime/idemhttp or runtime/inbox)",
			fn.Name(), pass.Fset.Position(w.Pos()).Line, sentinel[strings.LastIndex(sentinel, "/")+1:], caller),
		URL: apis.RuntimeHTTPURL,
	})
}
