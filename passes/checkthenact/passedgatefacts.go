package checkthenact

import (
	"fmt"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A service layer often tests the state of a record its callers load in
// another package: the controller reads the order and passes it on, the
// service tests order.State, charges and saves the order. Neither
// package holds the whole gate, so the service package exports it as a
// fact on the function, and the caller's package reports the race at the
// read, where it can tell whether the read locked the row.

// PassedGate says that a function tests the state of the record its
// caller passes as parameter Param (receiver excluded), then acts and
// writes the state back in two separate calls, taking no lock of its own.
type PassedGate struct {
	Param   int
	Field   string // the tested field, "" for a predicate method
	Act     string // what runs twice, and where: "AddTransaction (order_pay.go:328)"
	Write   string // the state write, and where
	Verb    string // what both callers do twice: "charge", "insert"
	Runtime string // the runtime package that makes the act safe
	URL     string // the runtime's documentation
}

func (*PassedGate) AFact() {}

func (g *PassedGate) String() string {
	return fmt.Sprintf("passedgate(%d %s: %s, %s)", g.Param, g.Field, g.Act, g.Write)
}

// passedGateFacts exports PassedGate facts. It is a helper of
// checkthenact, which reports at the callers: a pass of its own so that
// the dependencies' facts cost only this search, not the whole check.
var passedGateFacts = &analysis.Analyzer{
	Name:       "checkthenactgates",
	Doc:        "export the status gates of functions on the records their callers pass in",
	Requires:   []*analysis.Analyzer{dataaccess.Analyzer},
	Run:        exportPassedGates,
	FactTypes:  []analysis.Fact{(*PassedGate)(nil)},
	ResultType: reflect.TypeOf(passedGatesOf(nil)),
}

// passedGatesOf is passedGateFacts's result: the gates of the other
// packages' functions this package calls (only the pass that declares a
// fact type may import its facts).
type passedGatesOf map[types.Object]*PassedGate

func exportPassedGates(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	if len(model.Ops) == 0 {
		return passedGatesOf(nil), nil
	}
	gates := map[*ssa.Function]*PassedGate{}
	for _, fn := range model.SSA().SrcFuncs {
		if len(model.ByFunc[fn]) > 0 {
			if fact := gateOnParam(pass, model, fn); fact != nil {
				gates[fn] = fact
			}
		}
	}
	// A wrapper that hands its record parameter on (a method calling the
	// package's function, a service calling another package's) holds
	// the same gate; a few rounds reach wrappers of wrappers.
	for range 4 {
		changed := false
		for _, fn := range model.SSA().SrcFuncs {
			if gates[fn] == nil {
				if fact := forwardedGate(pass, fn, gates); fact != nil {
					gates[fn], changed = fact, true
				}
			}
		}
		if !changed {
			break
		}
	}
	for fn, fact := range gates {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() {
			passutil.ExportObjectFact(pass, obj, fact)
		}
	}
	return importedGates(pass, model), nil
}

// importedGates returns the gates of the other packages' functions the
// package's code calls.
func importedGates(pass *analysis.Pass, model *dataaccess.Result) passedGatesOf {
	return passutil.ImportedFuncFacts[PassedGate](pass, model.SSA().SrcFuncs)
}

// forwardedGate returns the gate of a function fn calls with one of its
// own record parameters as the gated record, renumbered as fn's.
func forwardedGate(pass *analysis.Pass, fn *ssa.Function, gates map[*ssa.Function]*PassedGate) *PassedGate {
	for site, obj := range ssautil.StaticCalls(fn) {
		callee := site.Common().StaticCallee()
		if callee == fn {
			continue
		}
		inner, ok := gates[callee], gates[callee] != nil
		if !ok && obj != nil && obj.Pkg() != pass.Pkg {
			inner = new(PassedGate)
			ok = pass.ImportObjectFact(obj, inner)
		}
		if !ok {
			continue
		}
		args := site.Common().Args
		if inner.Param+recvCount(callee) >= len(args) {
			continue
		}
		param, ok := args[inner.Param+recvCount(callee)].(*ssa.Parameter)
		if !ok {
			continue
		}
		k := slices.Index(fn.Params, param) - recvCount(fn)
		if k < 0 {
			continue
		}
		fact := *inner
		fact.Param = k
		return &fact
	}
	return nil
}

// recvCount is 1 for a method (its receiver is Params[0]), else 0.
func recvCount(fn *ssa.Function) int {
	if fn.Signature.Recv() != nil {
		return 1
	}
	return 0
}

// gateOnParam returns the first status gate of fn on a record parameter
// whose act and state write race, judged without the read.
func gateOnParam(pass *analysis.Pass, model *dataaccess.Result, fn *ssa.Function) *PassedGate {
	recv := recvCount(fn)
	for k, param := range fn.Params {
		if k < recv {
			continue
		}
		for _, g := range paramGates(fn, param) {
			table, ok := recordTable(g, model.ByFunc[fn], model.Ops)
			if !ok {
				continue
			}
			g.read = &dataaccess.Op{Kind: apis.Read, Fn: fn, Resource: table}
			g.readElsewhere = true
			// A helper that both acts and writes the state is judged by
			// its summary alone, too coarse to carry to another package:
			// UpdateUser(u) is "non-idempotent" for what it does when a
			// name changes, though the gate only resets a counter.
			act, write := statusGateRace(model, g)
			if act == nil || act == write {
				continue
			}
			return &PassedGate{Param: k - recv, Field: g.field, Act: where(pass, act), Write: where(pass, write), Verb: verbOf(act), Runtime: runtimeFor(act), URL: runtimeURLFor(act)}
		}
	}
	return nil
}

// recordTable returns the resource of the first write in fn of the gate's
// record itself (a helper saving it back, a write it is passed to, an
// UPDATE keyed by one of its values, or one in a helper of the package
// it is handed to, looked up in all): the table a caller's read of the
// record loads from. An insert keyed by the record's ID (a seat for the
// ticket) is another table's.
func recordTable(g gate, ops, all []*dataaccess.Op) (dataaccess.Resource, bool) {
	for _, w := range ops {
		if u := helperRowUpdate(g, w, all); u != nil {
			return u.Resource, true // the row the helper's update keys by the record
		}
		if savesRecord(g.records, w) || w.Kind.IsWrite() && passesRecord(g.records, w) || w.Kind == apis.Update && derivedFromRecord(g.records, w) {
			return w.Resource, true
		}
	}
	return dataaccess.Resource{}, false
}

// passesRecord reports whether op's call is handed the record itself.
func passesRecord(records []ssa.Value, op *dataaccess.Op) bool {
	call := op.Call()
	if call == nil {
		return false
	}
	for _, a := range call.Args {
		if p := dataaccess.RootPath(a); p.Valid() && p.Fields == "" && slices.Contains(records, p.Base) {
			return true
		}
	}
	return false
}

// where names an operation and its position for a message read in another
// package: the callee's name and file:line.
func where(pass *analysis.Pass, op *dataaccess.Op) string {
	pos := pass.Fset.Position(op.Pos())
	return fmt.Sprintf("%s (%s:%d)", describeAct(op), filepath.Base(pos.Filename), pos.Line)
}

// passedGateRaces reports, at the read, a record this package loads and
// passes to another package's function that gates on its state (a
// PassedGate fact), unless the read locked the row or a mutex is held
// from the read across the call.
func passedGateRaces(pass *analysis.Pass, model *dataaccess.Result, usable func(*dataaccess.Op) bool, reported map[*dataaccess.Op]bool) {
	gates := pass.ResultOf[passedGateFacts].(passedGatesOf)
	if len(gates) == 0 {
		return
	}
	for _, fn := range model.SSA().SrcFuncs {
		for site, obj := range ssautil.StaticCalls(fn) {
			fact := gates[obj]
			if fact == nil {
				continue // no gate, or an in-package one, judged with its callers (passedGates)
			}
			callee := site.Common().StaticCallee()
			arg := fact.Param + recvCount(callee)
			if arg >= len(site.Common().Args) {
				continue
			}
			read := readPassing(model, site, site.Common().Args[arg])
			if read == nil || reported[read] || !usable(read) || readSerialised(read, model.Ops) {
				continue
			}
			if held, _ := mutexHeldAcross(read.Instr, site); held {
				continue
			}
			reported[read] = true
			reportPassedGate(pass, read, site, callee, *fact)
		}
	}
}

func reportPassedGate(pass *analysis.Pass, read *dataaccess.Op, site ssa.CallInstruction, callee *ssa.Function, fact PassedGate) {
	what := "its state"
	if fact.Field != "" {
		what = fact.Field
	}
	name := callee.Object().Pkg().Name() + "." + callee.Name()
	tested := "is passed to " + name + " and tested there"
	steps := fmt.Sprintf("%s and the state write %s are separate steps", fact.Act, fact.Write)
	pass.Report(analysis.Diagnostic{
		Pos:     read.Pos(),
		Message: statusGateMessage(what, tested, steps, fact.Verb, fact.Field, fact.Runtime),
		Related: []analysis.RelatedInformation{{Pos: site.Pos(), Message: "the call that tests the state, acts and writes it"}},
		URL:     fact.URL,
	})
}
