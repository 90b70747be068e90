package checkthenact

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// Restate runs a virtual object's exclusive handlers one at a time per
// object key (a domain's verification, an environment's deletion), and a
// workflow's run handler once per workflow id: a check in such a handler,
// or in a step it journals (restate.Run's closure), has no twin for its
// key. Its shared handlers and a service's handlers run concurrently. As
// for Temporal's workflow ids (workflowstep.go), two objects whose keys
// differ but share a row would be twins; the analysis cannot see keys.

// runsInRestateObject reports whether fn, or a function it is nested in,
// is handed an exclusive Restate context.
func runsInRestateObject(fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		for _, p := range f.Params {
			if isExclusiveRestateContext(p) {
				return true
			}
		}
	}
	return false
}

func isExclusiveRestateContext(v ssa.Value) bool {
	n := ssautil.NamedOf(v.Type())
	if n == nil || n.Obj().Pkg() == nil || !strings.HasPrefix(n.Obj().Pkg().Path(), "github.com/restatedev/sdk-go") {
		return false
	}
	switch n.Obj().Name() {
	case "ObjectContext", "WorkflowContext":
		return true
	}
	return false
}
