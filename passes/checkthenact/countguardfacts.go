package checkthenact

import (
	"fmt"
	"go/types"
	"path/filepath"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A count is often compared in a guard of its own that refuses with an
// error: the last admin (user.GuardLastAdmin), the scheduled posts of a
// day (validateScheduledLimits). The caller tests the error and removes
// or inserts after it, in this package or in another one: the owner
// exports the guard as a fact, and the caller's package reports.

// CountGuard says that a function counts the rows of Table and returns a
// non-nil error at a bound, nil otherwise: at a floor of one (its callers
// remove a row after it), or at a limit (its callers insert one).
type CountGuard struct {
	Table string // the counted table, normalised as dataaccess.Resource's
	Count string // what is counted, for the message: "the count of Column"
	Guard string // the function and where it compares: "KeepLastColumn (guard.go:24)"
	Limit bool   // refuses at a limit, not at a floor of one
}

func (*CountGuard) AFact() {}

func (g *CountGuard) String() string {
	bound := "floor"
	if g.Limit {
		bound = "limit"
	}
	return fmt.Sprintf("countguard(%s %s: %s)", bound, g.Table, g.Guard)
}

// countGuardFacts exports CountGuard facts, a pass of its own for the
// same reason as passedGateFacts.
var countGuardFacts = &analysis.Analyzer{
	Name:       "checkthenactguards",
	Doc:        "export the functions that refuse with an error when a counted set is at its floor of one or at a limit",
	Requires:   []*analysis.Analyzer{dataaccess.Analyzer},
	Run:        exportCountGuards,
	FactTypes:  []analysis.Fact{(*CountGuard)(nil)},
	ResultType: reflect.TypeOf(countGuardsOf(nil)),
}

// countGuardsOf is countGuardFacts's result: the count guards this
// package's code calls, its own and imported.
type countGuardsOf map[types.Object]*CountGuard

func exportCountGuards(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	out := countGuardsOf{}
	if len(model.Ops) == 0 {
		return out, nil
	}
	for _, fn := range model.SSA().SrcFuncs {
		ops := model.ByFunc[fn]
		if len(ops) == 0 {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			continue
		}
		if fact := countGuardOf(pass, fn, ops); fact != nil {
			out[obj] = fact
			if obj.Exported() {
				passutil.ExportObjectFact(pass, obj, fact)
			}
		}
	}
	for obj, fact := range passutil.ImportedFuncFacts[CountGuard](pass, model.SSA().SrcFuncs) {
		out[obj] = fact
	}
	return out, nil
}

// countGuardOf returns the fact for fn when it is a count guard: a count
// of one table whose test refuses with an error on one side, and goes on
// to a nil error on the other.
func countGuardOf(pass *analysis.Pass, fn *ssa.Function, ops []*dataaccess.Op) *CountGuard {
	results := fn.Signature.Results()
	if results.Len() == 0 || !ssautil.IsError(results.At(results.Len()-1).Type()) {
		return nil
	}
	for _, count := range ops {
		at, ok := count.Instr.(*ssa.Call)
		if !ok || count.Resource.Table == "" || !countsRows(count) || count.Locks || serialisesAbsence(count, ops) {
			continue
		}
		guard := func(cmp *ssa.BinOp, limit bool) *CountGuard {
			pos := pass.Fset.Position(cmp.Pos())
			return &CountGuard{Table: count.Resource.Table, Count: countedName(count), Limit: limit,
				Guard: fmt.Sprintf("%s (%s:%d)", fn.Name(), filepath.Base(pos.Filename), pos.Line)}
		}
		for _, ft := range floorTests(at) {
			if refuses(ft.test, ft.arm) && returnsNilError(ft.arm) {
				return guard(ft.cmp, false)
			}
		}
		for _, cmp := range limitComparisons(at) {
			for _, test := range ifsOf(cmp) {
				for _, under := range test.Block().Succs {
					if refuses(test, under) && returnsNilError(under) {
						return guard(cmp, true)
					}
				}
			}
		}
	}
	return nil
}

// returnsNilError reports whether a return reachable from b hands back a
// nil error.
func returnsNilError(b *ssa.BasicBlock) bool {
	for _, ret := range returnsFrom(b) {
		last := ret.Results[len(ret.Results)-1]
		if ssautil.IsError(last.Type()) && isNilConst(last) {
			return true
		}
	}
	return false
}

// callsCountGuard reports whether op calls a count guard: its error is a
// refusal at a bound, not the answer of an existence check.
func callsCountGuard(op *dataaccess.Op, guards countGuardsOf) bool {
	return op.Callee != nil && guards[op.Callee] != nil
}
