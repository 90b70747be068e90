package redelivery

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// Task functions registered by name (machinery's RegisterTask and
// RegisterTasks) are handlers that take the task's arguments instead of a
// message: every parameter is the message, and a parameter named like an
// id is its id. A function of this package is checked as any handler; one
// imported from another package is judged by its summary, at the
// registration, since its body is analysed in its own package, which
// cannot know it is registered.

// taskHandlers returns the package's local task functions as handlers and
// reports the registrations of imported ones whose summary doubles a
// write.
func taskHandlers(pass *analysis.Pass, model *dataaccess.Result) []*handler {
	var local []*handler
	seen := map[*ssa.Function]bool{}
	for _, fn := range model.SSA().SrcFuncs {
		for call, f := range ssautil.StaticCalls(fn) {
			arg, byName, redelivery, ok := apis.TaskRegistration(f)
			if !ok {
				continue
			}
			for _, task := range taskFuncs(dataaccess.Arg(call.Common(), arg), byName, call.Pos()) {
				if task.fn.Pkg == model.SSA().Pkg {
					if !seen[task.fn] {
						seen[task.fn] = true
						local = append(local, taskHandler(task.fn, redelivery))
					}
					continue
				}
				reportImportedTask(pass, model, task, redelivery)
			}
		}
	}
	return local
}

// taskHandler makes a handler of a registered task function: all of its
// parameters carry the task's arguments.
func taskHandler(fn *ssa.Function, redelivery string) *handler {
	h := &handler{fn: fn, msgs: map[ssa.Value]bool{}, redelivery: redelivery, byName: true}
	for _, p := range fn.Params {
		h.msgs[p] = true
	}
	return h
}

// A registeredTask is a task function and where it is registered: the
// registration call, or its entry in the map of tasks.
type registeredTask struct {
	fn  *ssa.Function
	pos token.Pos
}

// taskFuncs returns the functions a registration argument holds: the
// function itself, or the values of a map literal of name to function.
func taskFuncs(v ssa.Value, byName bool, at token.Pos) []registeredTask {
	v = dataaccess.Unwrap(v)
	if !byName {
		if fn := funcValue(v); fn != nil {
			return []registeredTask{{fn, at}}
		}
		return nil
	}
	var out []registeredTask
	if m, ok := v.(*ssa.MakeMap); ok {
		for _, ref := range *m.Referrers() {
			if up, ok := ref.(*ssa.MapUpdate); ok && up.Map == m {
				if fn := funcValue(dataaccess.Unwrap(up.Value)); fn != nil {
					out = append(out, registeredTask{fn, up.Pos()})
				}
			}
		}
	}
	return out
}

// funcValue returns the function a func value names: a function, the
// method a bound method value calls, or the literal a constructor of this
// package returns (server.RegisterTask("refund", Refund(db))).
func funcValue(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		fn, _ := v.Fn.(*ssa.Function)
		if fn != nil && fn.Synthetic != "" && len(v.Bindings) == 1 {
			if m, ok := fn.Object().(*types.Func); ok {
				return fn.Prog.FuncValue(m)
			}
		}
		return fn
	case *ssa.Call:
		if callee := v.Call.StaticCallee(); callee != nil && len(callee.AnonFuncs) > 0 {
			return returnedLiteral(callee)
		}
	}
	return nil
}

// returnedLiteral returns the function literal every return of fn
// returns, or nil.
func returnedLiteral(fn *ssa.Function) *ssa.Function {
	var lit *ssa.Function
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
			mc, ok := dataaccess.Unwrap(ret.Results[0]).(*ssa.MakeClosure)
			if !ok || lit != nil && mc.Fn != lit {
				return nil
			}
			lit, _ = mc.Fn.(*ssa.Function)
		}
	}
	return lit
}

// reportImportedTask reports the registration of another package's task
// function that, by its summary, adds a row or adds to a value each run.
func reportImportedTask(pass *analysis.Pass, model *dataaccess.Result, task registeredTask, redelivery string) {
	obj, _ := task.fn.Object().(*types.Func)
	s := model.SummaryOf(obj)
	if s == nil || !s.DoublesWrite {
		return
	}
	pass.Report(analysis.Diagnostic{
		Pos: task.pos,
		Message: fmt.Sprintf("task %s, registered here, adds a row or adds to a value on every run, and runs again for every retry of the task: %s, and no dedup record of the task is claimed in the same transaction first (claim it and gate the write on the claim, as runtime/inbox does)",
			obj.Name(), redelivery),
		URL: apis.RuntimeInboxURL,
	})
}
