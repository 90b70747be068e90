package checkthenact

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// duplicateAnswered reports whether the write's unique violation is
// answered as the duplicate outcome: behind the write (its helper returns
// nil for it), after it in the check's function, in a caller up the
// chain that tests the sentinel the violation became, or by the check's
// own function returning that sentinel when the check finds the row too
// (the loser is told what a later caller would be). Otherwise it returns
// the sentinel nobody tests, if there is one: a sentinel returned raw to a
// handler's generic error path is no handling.
func (c *callers) duplicateAnswered(check, write *dataaccess.Op) (answered bool, sentinel string) {
	if write.Summary != nil {
		if write.Summary.HandlesDuplicate && !unansweredFor(check, write.Summary.UnansweredTables) {
			return true, ""
		}
		sentinel = write.Summary.DuplicateErr
	}
	answered, sentinel, top := answerOutward(write.Instr, sentinel, func(f *ssa.Function, loc ssa.Instruction, sentinel string) bool {
		return f == check.Fn && returnsBesides(f, loc, sentinel)
	})
	if answered {
		return true, ""
	}
	if sentinel == "" || top == nil {
		return false, ""
	}
	if c.testedUpChain(top, sentinel, map[sentinelAt]bool{}) {
		return true, ""
	}
	// A caller in another package (the handler over this service) is out
	// of this package's sight; the module's text says whether one tests
	// the sentinel. A walk its budget cut finds none: the race is
	// reported.
	if c.calledFromOutside(top, map[*ssa.Function]bool{}) {
		if tested, _ := c.model.SentinelTestedElsewhere(sentinel); tested {
			return true, ""
		}
	}
	return false, sentinel
}

// answerOutward follows a write's unique violation from its function out
// through the closures it runs in (a transaction's, a singleflight's),
// each level's code after the write answering it or handing a sentinel
// on (see dataaccess.AnswerDuplicate), starting from the sentinel its
// callee made of it; answers, when given, says whether a level answers
// the sentinel some other way. It returns whether the violation is
// answered, else the sentinel it leaves the outermost function as, and
// that function.
func answerOutward(write ssa.Instruction, sentinel string, answers func(f *ssa.Function, loc ssa.Instruction, sentinel string) bool) (answered bool, out string, top *ssa.Function) {
	for f := write.Parent(); f != nil; f = f.Parent() {
		loc, ok := locate(write, f)
		if !ok {
			continue
		}
		a := dataaccess.AnswerDuplicate(loc, sentinel)
		if a.Answered {
			return true, "", nil
		}
		sentinel = a.Sentinel
		if sentinel != "" && answers != nil && answers(f, loc, sentinel) {
			return true, "", nil
		}
		top = f
	}
	return false, sentinel, top
}

// calledFromOutside reports whether another package can call fn, or a
// function of this package that calls it: an exported function, or an
// exported method (which an interface of another package may name).
func (c *callers) calledFromOutside(fn *ssa.Function, seen map[*ssa.Function]bool) bool {
	if seen[fn] {
		return false
	}
	seen[fn] = true
	if obj := fn.Object(); obj != nil && obj.Exported() {
		return true
	}
	for _, site := range c.sites[fn] {
		if outer := site.Parent(); outer.Parent() == nil && c.calledFromOutside(outer, seen) {
			return true
		}
	}
	return false
}

// sentinelAt is a function that returns a sentinel to its callers.
type sentinelAt struct {
	fn       *ssa.Function
	sentinel string
}

// testedUpChain reports whether some static caller of fn in the package
// answers sentinel, or hands it on to one of its own callers that does,
// however long the chain of handlers, controllers and services: each
// function is looked at once per sentinel, which also ends recursion.
func (c *callers) testedUpChain(fn *ssa.Function, sentinel string, seen map[sentinelAt]bool) bool {
	if seen[sentinelAt{fn, sentinel}] {
		return false
	}
	seen[sentinelAt{fn, sentinel}] = true
	for _, site := range c.sites[fn] {
		if c.inTestFile(site.Parent()) {
			continue
		}
		a := dataaccess.AnswerDuplicate(site, sentinel)
		if a.Answered {
			return true
		}
		if a.Sentinel != "" && site.Parent().Parent() == nil && c.testedUpChain(site.Parent(), a.Sentinel, seen) {
			return true
		}
	}
	return false
}

// returnsBesides reports whether fn returns sentinel on a path that does
// not pass through at: what the check answers a present row with.
func returnsBesides(fn *ssa.Function, at ssa.Instruction, sentinel string) bool {
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 || ssautil.Reachable(at, ret) {
			continue
		}
		if dataaccess.SentinelIn(dataaccess.Unwrap(ret.Results[len(ret.Results)-1])) == sentinel {
			return true
		}
	}
	return false
}

// unansweredFor reports whether one of the tables whose unique violation
// a helper leaves unanswered is the one the check looks at.
func unansweredFor(check *dataaccess.Op, tables []string) bool {
	for _, t := range tables {
		if dataaccess.SameResource(check.Resource, dataaccess.Resource{Table: t}) {
			return true
		}
	}
	return false
}
