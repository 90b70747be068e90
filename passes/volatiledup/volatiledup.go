package volatiledup

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/checkthenact"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

var Analyzer = &analysis.Analyzer{
	Name:     "volatiledup",
	Doc:      Doc,
	URL:      "https://github.com/idemvet/idemvet/blob/main/passes/volatiledup/README.md",
	Requires: []*analysis.Analyzer{dataaccess.Analyzer},
	Run:      run,
}

// probe is one test of a volatile memory for a key, or one write of a key
// into it: an operation of the model, or the call of a helper that does
// one for the key it is passed (see helpers.go).
type probe struct {
	op  *dataaccess.Op
	mem *memory
}

// sameEntry reports whether two probes touch one entry: one memory, and
// keys computed the same way.
func sameEntry(a, b probe) bool {
	return a.mem.id == b.mem.id && dataaccess.SameValue(a.op.Resource.Key, b.op.Resource.Key)
}

// finding is one "already done?" test whose memory forgets.
type finding struct {
	check  probe          // the lookup (or the in-process claim)
	mark   *dataaccess.Op // the write that records the key
	effect *dataaccess.Op // what runs again when the memory forgets
}

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	if !mayMatter(model) {
		return nil, nil
	}
	var checks, writes []probe
	for _, p := range append(direct(model), helperCalls(model, memoryHelpers(model))...) {
		if p.op.Kind.IsCheck() || p.op.Kind.IsAtomicInsert() {
			checks = append(checks, p)
		}
		if p.op.Kind == apis.Insert || p.op.Kind.IsAtomicInsert() && !p.mem.shared {
			writes = append(writes, p)
		}
	}
	var judge *checkthenact.Judge // built on the first candidate: most packages have none
	for _, check := range checks {
		f := dedupBefore(check, writes, model.Ops)
		if f == nil {
			continue
		}
		if judge == nil {
			judge = checkthenact.NewJudge(pass.Fset, model)
		}
		// No twin: startup code and one-shots. A race checkthenact
		// reports at this lookup is its finding: its fix (LoadOrStore,
		// SETNX) comes first, and an in-process claim left after it is
		// reported here on the next run.
		if judge.NoTwin(check.op) || judge.ReportsRace(check.op) {
			continue
		}
		report(pass, f)
	}
	for _, f := range forgottenClaims(model) {
		if judge == nil {
			judge = checkthenact.NewJudge(pass.Fset, model)
		}
		if !judge.NoTwin(f.claim) {
			reportForgotten(pass, f)
		}
	}
	return nil, nil
}

// mayMatter is the fast path: the package looks up some memory, or
// claims a key, and does something that must not run twice.
func mayMatter(model *dataaccess.Result) bool {
	var lookups, effects bool
	for _, op := range model.Ops {
		lookups = lookups || op.Resource.Key != nil && op.Kind.IsCheck() || op.Kind.IsAtomicInsert()
		effects = effects || dataaccess.NonIdempotent(op)
	}
	return lookups && effects
}

// direct returns the model's operations on volatile memories.
func direct(model *dataaccess.Result) []probe {
	var out []probe
	for _, op := range model.Ops {
		if mem := volatileMemory(op); mem != nil {
			out = append(out, probe{op: op, mem: mem})
		}
	}
	return out
}

// dedupBefore returns the finding when check tests a volatile memory,
// keyed by an id, whose "absent" branch records the key in that memory
// and performs an effect that must not run twice.
func dedupBefore(check probe, writes []probe, ops []*dataaccess.Op) *finding {
	if !dedupKey(check.op.Resource.Key) {
		return nil
	}
	region := checkthenact.AbsentBranches(check.op)
	if len(region) == 0 {
		return nil
	}
	mark := markOf(check, writes, region)
	if mark == nil {
		return nil // nothing records the key here: a lookup of what other code wrote
	}
	if changeFilter(check.op, mark) {
		return nil
	}
	for _, e := range ops {
		if e == check.op || e.Instr == mark.Instr || e.Resource.Key != nil && dataaccess.SameValue(e.Resource.Key, check.op.Resource.Key) {
			continue
		}
		if doubles(e) && checkthenact.InRegion(e.Instr, check.op.Fn, region) && !keepsResult(mark, e) && !checkthenact.WonFirst(e, check.op, ops, region) {
			return &finding{check: check, mark: mark, effect: e}
		}
	}
	return nil
}

// markOf returns the write that records the checked key in the same
// memory on the absent branch or after it: a map assignment, Store, Add or
// Set, or a helper that makes one (or the in-process claim itself,
// LoadOrStore). A
// redis SET NX is a claim every replica sees, not a volatile mark.
func markOf(check probe, writes []probe, region []*ssa.BasicBlock) *dataaccess.Op {
	if check.op.Kind.IsAtomicInsert() {
		return check.op
	}
	for _, w := range writes {
		if sameEntry(check, w) && (checkthenact.InRegion(w.op.Instr, check.op.Fn, region) || checkthenact.AfterRegion(w.op.Instr, region)) {
			return w.op
		}
	}
	return nil
}

// keepsResult reports whether the mark stores what the effect returned
// (tokens[apiKey] = tok after tok := fetchToken(apiKey)): the memory is a
// cache of the call's answer, not a record that work was done.
func keepsResult(mark, effect *dataaccess.Op) bool {
	call, ok := effect.Instr.(*ssa.Call)
	if !ok {
		return false
	}
	var stored []ssa.Value
	switch m := mark.Instr.(type) {
	case *ssa.MapUpdate:
		stored = []ssa.Value{m.Value}
	case *ssa.Call:
		stored = m.Call.Args[1:] // the receiver or key comes first
	}
	derived := ssautil.DerivedFrom(call, false)
	for _, v := range stored {
		if derived[dataaccess.Unwrap(v)] || derived[v] {
			return true
		}
	}
	return false
}

// doubles reports whether running op twice does harm: an external
// effect, a plain insert, a relative update; not an update that moves a
// row from the state the caller expects (rows affected tells who made
// the transition), nor an insert whose unique violation the code answers
// (reading back the row already there), nor an HTTP read.
func doubles(op *dataaccess.Op) bool {
	return dataaccess.NonIdempotent(op) && !op.StateGuard && !safeRead(op) && !answersDuplicate(op)
}

// answersDuplicate reports whether op is an insert, in the body, whose
// unique violation the code after it answers: a second run finds the
// row, and the database, not the memory, is the record.
func answersDuplicate(op *dataaccess.Op) bool {
	return op.Kind == apis.Insert && op.Summary == nil && dataaccess.AnswerDuplicate(op.Instr, "").Answered
}

// safeRead reports whether an effect is an HTTP GET or HEAD: a read that
// a cache keeps the answer of, which running twice does not double.
func safeRead(op *dataaccess.Op) bool {
	if op.Callee == nil || op.Callee.Pkg() == nil || op.Callee.Pkg().Path() != "net/http" {
		return false
	}
	switch op.Callee.Name() {
	case "Get", "Head":
		return true
	}
	return false
}

func report(pass *analysis.Pass, f *finding) {
	fset := pass.Fset
	effectLine := fset.Position(f.effect.Pos()).Line
	url, fix := apis.RuntimeClaimURL, "claim the key durably, in the same transaction as the work: runtime/claim"
	if handlesMessage(f.check.op.Fn) {
		url, fix = apis.RuntimeInboxURL, "record the message id in the same transaction as the work: runtime/inbox"
	}
	mem := f.check.mem
	var msg string
	if mem.shared {
		msg = fmt.Sprintf("volatile dedup memory: %s and the plain SET at line %d are the only record that the key was handled, so %s at line %d runs again when two replicas both read the key before either sets it, or after the key expires or is evicted (a process mutex does not span replicas; %s, or SET NX before the effect)",
			mem.name, fset.Position(f.mark.Pos()).Line, describe(f.effect), effectLine, fix)
	} else {
		msg = fmt.Sprintf("volatile dedup memory: %s%s is the only record that the key was handled and lives in this process, so %s at line %d runs again after a restart, on another replica, or once the entry is evicted (%s)",
			mem.name, through(f.check.op), describe(f.effect), effectLine, fix)
	}
	related := []analysis.RelatedInformation{{Pos: f.effect.Pos(), Message: "the effect that runs again when the memory forgets"}}
	if f.mark != f.check.op {
		related = append(related, analysis.RelatedInformation{Pos: f.mark.Pos(), Message: "the key is recorded only here"})
	}
	pass.Report(analysis.Diagnostic{Pos: f.check.op.Pos(), Message: msg, Related: related, URL: url})
}

func reportForgotten(pass *analysis.Pass, f forgottenClaim) {
	fset := pass.Fset
	effect := describe(f.effect)
	msg := fmt.Sprintf("claim forgotten on failure: the claim of the key is deleted at line %d on a failure after %s at line %d ran, so the client's retry with the same key claims it again and %s runs twice (once the effect has run, keep the claim and store the outcome, or a marker of the effect, instead of deleting it: runtime/claim)",
		fset.Position(f.release.Pos()).Line, effect, fset.Position(f.effect.Pos()).Line, effect)
	pass.Report(analysis.Diagnostic{Pos: f.claim.Pos(), Message: msg, URL: apis.RuntimeClaimURL, Related: []analysis.RelatedInformation{
		{Pos: f.effect.Pos(), Message: "the effect that has run when the claim is deleted"},
		{Pos: f.release.Pos(), Message: "the claim is deleted here"},
	}})
}

// through names the helper a check calls, for the message.
func through(op *dataaccess.Op) string {
	if call, ok := op.Instr.(*ssa.Call); ok && op.Callee == nil {
		if fn := call.Call.StaticCallee(); fn != nil {
			return fmt.Sprintf(" (tested by %s)", fn.Name())
		}
	}
	return ""
}

// describe names the effect for the message.
func describe(op *dataaccess.Op) string {
	switch {
	case op.SQL != nil && op.SQL.Table != "":
		return "the write to " + op.SQL.Table
	case op.Callee != nil:
		return "the call " + qualified(op.Callee)
	}
	return "the effect"
}

// qualified names a function as code calls it: refund.New, Shipper.Process.
func qualified(f *types.Func) string {
	if recv := f.Type().(*types.Signature).Recv(); recv != nil {
		if n := ssautil.NamedOf(recv.Type()); n != nil {
			return n.Obj().Name() + "." + f.Name()
		}
		return f.Name()
	}
	return f.Pkg().Name() + "." + f.Name()
}

// handlesMessage reports whether fn, or the function it is a closure in,
// takes a broker message: it runs once per delivery.
func handlesMessage(fn *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		for _, p := range fn.Params {
			if isMessage(p.Type()) {
				return true
			}
		}
	}
	return false
}
