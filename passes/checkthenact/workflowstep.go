package checkthenact

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A Temporal workflow runs its steps one after another: ExecuteActivity
// schedules an activity and the workflow waits on its future before the
// next step, and a workflow id (an order's, an invoice's) admits one
// running workflow per record. A status gate in an activity (read the
// order, charge, mark it paid) has no twin for its record, and a retry
// runs after the attempt that failed, not beside it. Two workflows started for one record
// under different ids would be twins; the analysis cannot see ids.
//
// The evidence is taken from the function's own package, since the
// worker that registers an activity is often in another: the function
// uses the SDK's activity package (activity.GetLogger, RecordHeartbeat
// work only inside an activity), is handed to
// the SDK (ExecuteActivity, RegisterActivity) or stored in a definition
// a Temporal wrapper library registers (formance's
// temporal.Definition{Name: "...", Func: a.Publish}), or is an exported
// method of a type the package registers (RegisterActivity(&Activities{})
// registers every exported method).

const temporalSDK = "go.temporal.io/sdk/"

// workflowSteps holds what the package hands to the Temporal SDK.
type workflowSteps struct {
	funcs map[types.Object]bool
	types map[*types.TypeName]bool
}

func (c *callers) handedToTemporal() *workflowSteps {
	if c.steps != nil {
		return c.steps
	}
	steps := &workflowSteps{funcs: map[types.Object]bool{}, types: map[*types.TypeName]bool{}}
	for _, fn := range c.model.SSA().SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && intoTemporalDefinition(st) {
					steps.add(st.Val)
					continue
				}
				call, ok := instr.(ssa.CallInstruction)
				if !ok || !fromTemporal(dataaccess.Callee(call.Common())) {
					continue
				}
				for _, arg := range call.Common().Args {
					steps.add(arg)
				}
			}
		}
	}
	c.steps = steps
	return steps
}

// add records a function, a bound method or a registered value's type.
func (s *workflowSteps) add(arg ssa.Value) {
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		arg = mi.X
	}
	switch v := arg.(type) {
	case *ssa.Function:
		if obj := v.Object(); obj != nil {
			s.funcs[obj] = true
		}
		return
	case *ssa.MakeClosure:
		if obj := v.Fn.(*ssa.Function).Object(); obj != nil {
			s.funcs[obj] = true // a bound method value: its wrapper names the method
		}
		return
	}
	t := arg.Type()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	if named, ok := t.(*types.Named); ok {
		s.types[named.Obj()] = true
	}
}

// runsAsWorkflowStep reports whether fn, or the function a closure of it
// is declared in, is a Temporal activity.
func (c *callers) runsAsWorkflowStep(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	obj := fn.Object()
	if obj == nil {
		return false
	}
	steps := c.handedToTemporal()
	if steps.funcs[obj] || usesActivityAPI(fn) {
		return true
	}
	recv := fn.Signature.Recv()
	if recv == nil || !obj.Exported() {
		return false
	}
	t := recv.Type()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := t.(*types.Named)
	return ok && steps.types[named.Obj()]
}

// usesActivityAPI reports whether fn or a closure in it calls the SDK's
// activity package.
func usesActivityAPI(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := dataaccess.Callee(call.Common()); callee != nil && callee.Pkg() != nil &&
				callee.Pkg().Path() == temporalSDK+"activity" {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if usesActivityAPI(anon) {
			return true
		}
	}
	return false
}

// intoTemporalDefinition reports whether st stores a function into a
// field of a struct a Temporal wrapper library declares (a package whose
// path names temporal, outside the SDK): the definition it registers.
func intoTemporalDefinition(st *ssa.Store) bool {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	v := st.Val
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return false
	}
	n := ssautil.NamedOf(fa.X.Type())
	return n != nil && n.Obj().Pkg() != nil && strings.Contains(n.Obj().Pkg().Path(), "temporal")
}

func fromTemporal(callee *types.Func) bool {
	return callee != nil && callee.Pkg() != nil && strings.HasPrefix(callee.Pkg().Path(), temporalSDK)
}
