package checkthenact

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A floor guard is often a helper of the package that owns the table
// (user.GuardLastAdmin), called before a removal in another package: the
// owner exports it as a fact, and the caller's package reports.

// floorGuardFacts exports FloorGuard facts, a pass of its own for the
// same reason as passedGateFacts.
var floorGuardFacts = &analysis.Analyzer{
	Name:       "checkthenactfloors",
	Doc:        "export the functions that refuse with an error when a counted set is at its floor of one",
	Requires:   []*analysis.Analyzer{dataaccess.Analyzer},
	Run:        exportFloorGuards,
	FactTypes:  []analysis.Fact{(*FloorGuard)(nil)},
	ResultType: reflect.TypeOf(floorGuardsOf(nil)),
}

// floorGuardsOf is floorGuardFacts's result: the floor guards this
// package's code calls, its own and imported.
type floorGuardsOf map[types.Object]*FloorGuard

func exportFloorGuards(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	out := floorGuardsOf{}
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
		if fact := floorGuardOf(pass, fn, ops); fact != nil {
			out[obj] = fact
			if obj.Exported() {
				pass.ExportObjectFact(obj, fact)
			}
		}
	}
	for _, fn := range model.SSA().SrcFuncs {
		for _, obj := range ssautil.StaticCalls(fn) {
			if obj == nil || obj.Pkg() == pass.Pkg {
				continue
			}
			if _, seen := out[obj]; seen {
				continue
			}
			if fact := new(FloorGuard); pass.ImportObjectFact(obj, fact) {
				out[obj] = fact
			}
		}
	}
	return out, nil
}
