package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A counter kept behind the service's own interface (an OTP budget in
// redis, a label quota) is often read, compared with its limit, spent on
// an act, and only then added to, each through a method whose name says
// nothing of counting:
//
//	sent, _ := s.otp.Sent(ctx, phone)
//	if sent >= s.max { return ErrQuota }
//	s.sms.SendCode(ctx, phone, code)
//	s.otp.Record(ctx, phone)
//
// Concurrent callers all read the same count, all pass, and all send.
// The shape names the counter: a number the interface hands back for a
// key, a limit it is held to, and a second method of the same interface
// called with the same key after the act. Taking first (INCR, then test
// what it returns) makes the count and the take one step.

// counterBehind is one such race: the read of the count, its comparison,
// the act it lets through and the later call that adds to the count.
type counterBehind struct {
	read *ssa.Call
	cmp  *ssa.BinOp
	act  *dataaccess.Op
	add  *ssa.Call
}

// countersBehindInterfaces reports the counters read, acted on and added
// to through a module interface in functions that act.
func countersBehindInterfaces(pass *analysis.Pass, judge *Judge) {
	actsOf := map[*ssa.Function][]*dataaccess.Op{}
	for _, op := range judge.model.Ops {
		acts := isExternal(op) || op.Summary != nil && op.Summary.Acts // ShipExpress: buys the label, then records it
		if acts && !judge.model.IsStartup(op) {
			actsOf[op.Fn] = append(actsOf[op.Fn], op)
		}
	}
	for fn, fnActs := range actsOf {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				read, ok := instr.(*ssa.Call)
				if !ok || !countsThroughInterface(read, pass.Pkg) || modelled(judge.model, read) {
					continue // a count the model knows is the other rules'
				}
				if r, ok := counterBehindOf(read, fnActs); ok {
					reportCounterBehind(pass, r)
				}
			}
		}
	}
}

// modelled reports whether call is an operation of the model.
func modelled(model *dataaccess.Result, call *ssa.Call) bool {
	return slices.ContainsFunc(model.ByFunc[call.Parent()], func(op *dataaccess.Op) bool { return op.Instr == call })
}

// countsThroughInterface reports whether call invokes a method of an
// interface declared in the program (not a library's or the standard
// library's) that takes a key besides a context and hands back an
// integer, alone or with an error.
func countsThroughInterface(call *ssa.Call, pkg *types.Package) bool {
	c := &call.Call
	if !c.IsInvoke() || len(nonContextArgs(c)) == 0 {
		return false
	}
	n := ssautil.NamedOf(c.Value.Type())
	if n == nil || n.Obj().Pkg() == nil || !sameProgram(n.Obj().Pkg(), pkg) {
		return false
	}
	res := c.Signature().Results()
	if res.Len() == 0 || res.Len() > 2 || res.Len() == 2 && !ssautil.IsError(res.At(1).Type()) {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// sameProgram reports whether the interface's package is the analysed
// package's program: the package itself, or one whose path starts with
// the same element (example.com/...), and no library the tables know.
func sameProgram(iface, pkg *types.Package) bool {
	if iface == pkg {
		return true
	}
	a, _, _ := strings.Cut(iface.Path(), "/")
	b, _, _ := strings.Cut(pkg.Path(), "/")
	return a == b && strings.Contains(a, ".") && !apis.KnownPackage(iface.Path())
}

// nonContextArgs returns the arguments of an invoke besides contexts.
func nonContextArgs(c *ssa.CallCommon) []ssa.Value {
	var out []ssa.Value
	for _, a := range c.Args {
		if ssautil.IsContext(a.Type()) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// counterBehindOf finds, for the count read, a comparison with a limit
// whose passing arm reaches an act and, after it, another method of the
// same interface value called with the same key.
func counterBehindOf(read *ssa.Call, acts []*dataaccess.Op) (counterBehind, bool) {
	count := ssa.Value(read)
	if read.Call.Signature().Results().Len() == 2 {
		count = nil
		for _, ref := range *read.Referrers() {
			if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 {
				count = e
			}
		}
	}
	if count == nil {
		return counterBehind{}, false
	}
	fn := read.Parent()
	for _, cmp := range orderings(count) {
		if !againstLimit(cmp, count) {
			continue
		}
		for _, test := range ifsOf(cmp) {
			for _, act := range acts {
				if !throughOneArm(test, act, fn) {
					continue
				}
				actAt, ok := locate(act.Instr, fn)
				if !ok {
					continue
				}
				if add := addAfter(read, actAt); add != nil {
					return counterBehind{read: read, cmp: cmp, act: act, add: add}, true
				}
			}
		}
	}
	return counterBehind{}, false
}

// addAfter returns a call, after the act, of another method of the
// interface value read was called on, with read's key arguments, that
// hands back no number (Record(ctx, phone) error): the count's own
// addition.
func addAfter(read *ssa.Call, actAt ssa.Instruction) *ssa.Call {
	keys := nonContextArgs(&read.Call)
	for _, b := range read.Parent().Blocks {
		for _, instr := range b.Instrs {
			add, ok := instr.(*ssa.Call)
			if !ok || add == read || !add.Call.IsInvoke() || add.Call.Method == read.Call.Method {
				continue
			}
			if !sameValue(add.Call.Value, read.Call.Value) || !slices.EqualFunc(nonContextArgs(&add.Call), keys, sameValue) {
				continue
			}
			if res := add.Call.Signature().Results(); res.Len() > 1 || res.Len() == 1 && !ssautil.IsError(res.At(0).Type()) {
				continue
			}
			if ssautil.Reachable(actAt, add) {
				return add
			}
		}
	}
	return nil
}

// sameValue reports whether two values are one key (dataaccess.SameValue:
// equal paths, constants, pure operations), or calls of one function of
// the program with such arguments (today(), called again for the
// addition).
func sameValue(a, b ssa.Value) bool {
	if ca, ok := a.(*ssa.Call); ok {
		if cb, ok := b.(*ssa.Call); ok && ca.Call.StaticCallee() != nil && ca.Call.StaticCallee() == cb.Call.StaticCallee() &&
			slices.EqualFunc(ca.Call.Args, cb.Call.Args, sameValue) {
			return true
		}
	}
	return dataaccess.SameValue(a, b)
}

func reportCounterBehind(pass *analysis.Pass, r counterBehind) {
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	pass.Report(analysis.Diagnostic{
		Pos: r.read.Pos(),
		Message: fmt.Sprintf("limit race: the count %s is compared with a limit at line %d, then %s at line %d acts and %s at line %d adds to the count in a separate step, so concurrent callers all read the same count, all pass and all act (take first: increment atomically and test what the increment returns)",
			r.read.Call.Method.Name(), line(r.cmp.Pos()), describeAct(r.act), line(r.act.Pos()), r.add.Call.Method.Name(), line(r.add.Pos())),
		Related: []analysis.RelatedInformation{
			{Pos: r.act.Pos(), Message: "the act every caller under the limit makes"},
			{Pos: r.add.Pos(), Message: "the addition to the count, after the act"},
		},
	})
}
