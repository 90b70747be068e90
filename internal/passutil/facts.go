package passutil

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// ImportedFuncFacts returns the facts of type T carried by the functions
// of other packages that fns call by name, keyed by the function: what a
// helper pass hands its check about the dependencies (only the pass that
// declares a fact type may import its facts).
func ImportedFuncFacts[T any, PT interface {
	*T
	analysis.Fact
}](pass *analysis.Pass, fns []*ssa.Function) map[types.Object]PT {
	out := map[types.Object]PT{}
	seen := map[types.Object]bool{}
	for _, fn := range fns {
		for _, obj := range ssautil.StaticCalls(fn) {
			if obj == nil || obj.Pkg() == pass.Pkg || seen[obj] {
				continue
			}
			seen[obj] = true
			if fact := PT(new(T)); pass.ImportObjectFact(obj, fact) {
				out[obj] = fact
			}
		}
	}
	return out
}

// RefersToFactObject reports whether the pass's package refers to an object
// of another package that carries one of the pass's object facts for which
// counts, when not nil, is true: by naming it (a call, a method value, a
// function passed as a value), or by calling an interface method of the
// same name, which may run it.
//
// A fast path cannot ask only whether any fact arrived: go vet hands a
// package the facts of every package below it, and in a large module one
// summarised helper deep in the graph (a signer, a logger) reaches nearly
// every package, though few of them call it.
func RefersToFactObject(pass *analysis.Pass, counts func(analysis.Fact) bool) bool {
	facts := pass.AllObjectFacts()
	withFact := make(map[types.Object]bool, len(facts))
	names := make(map[string]bool, len(facts))
	for _, f := range facts {
		if counts != nil && !counts(f.Fact) {
			continue
		}
		withFact[f.Object] = true
		names[f.Object.Name()] = true
	}
	if len(withFact) == 0 {
		return false
	}
	for _, obj := range pass.TypesInfo.Uses {
		fn, isFunc := obj.(*types.Func)
		if isFunc {
			obj = fn.Origin() // facts sit on the declared function, not an instance
		}
		if withFact[obj] {
			return true
		}
		if isFunc && IsInterfaceMethod(fn) && names[fn.Name()] {
			return true
		}
	}
	return false
}

// IsInterfaceMethod reports whether fn is a method of an interface type,
// whose call may run any implementation.
func IsInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// ExportObjectFact exports fact on obj when obj belongs to the package
// under analysis, and drops it otherwise. A function the package's SSA
// holds may be another package's: an instantiation of a generic method
// declared elsewhere (decorator.CommandHandler[CancelTraining].Handle)
// has the generic method as its object, and the analysis framework
// refuses, for the whole package, a fact set on another package's
// object.
func ExportObjectFact(pass *analysis.Pass, obj types.Object, fact analysis.Fact) {
	if obj == nil || obj.Pkg() != pass.Pkg {
		return
	}
	pass.ExportObjectFact(obj, fact)
}
