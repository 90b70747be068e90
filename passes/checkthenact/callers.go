package checkthenact

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// callers tells which functions of the package can only run one at a
// time because of how they are called (or what runs them: a boot loop, a
// scheduled job, a Temporal workflow's step): an unexported function, never used
// as a value, whose every call holds a mutex, runs in a constructor or at
// startup, or comes from a function for which the same holds. Its check
// and write cannot interleave with a twin, though neither takes the lock.
type callers struct {
	fset  *token.FileSet
	model *dataaccess.Result
	// sites maps a function to its static call sites in the package.
	sites map[*ssa.Function][]ssa.CallInstruction
	// asValue holds the functions used other than by a static call: a
	// handler, a goroutine, a callback stored for later.
	asValue map[*ssa.Function]bool
	// invoked holds the names of the methods called through interfaces.
	invoked map[string]bool
	memo    map[*ssa.Function]bool
	// launched is built on first use; see runonce.go.
	launched *launchIndex
	// steps is built on first use; see workflowstep.go.
	steps *workflowSteps
}

func newCallers(fset *token.FileSet, model *dataaccess.Result) *callers {
	c := &callers{
		fset:    fset,
		model:   model,
		sites:   map[*ssa.Function][]ssa.CallInstruction{},
		asValue: map[*ssa.Function]bool{},
		invoked: map[string]bool{},
		memo:    map[*ssa.Function]bool{},
	}
	for _, fn := range model.SSA().SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c.index(instr)
			}
		}
	}
	return c
}

func (c *callers) index(instr ssa.Instruction) {
	var callee ssa.Value
	if call, ok := instr.(ssa.CallInstruction); ok {
		common := call.Common()
		if common.IsInvoke() {
			c.invoked[common.Method.Name()] = true
		}
		if _, isGo := instr.(*ssa.Go); !isGo && !common.IsInvoke() {
			if fn, ok := common.Value.(*ssa.Function); ok {
				c.sites[fn] = append(c.sites[fn], call)
				callee = fn
			}
		}
	}
	for _, op := range instr.Operands(nil) {
		if op == nil || *op == callee {
			continue
		}
		switch v := (*op).(type) {
		case *ssa.Function:
			c.asValue[v] = true
			c.markDeclared(v)
		case *ssa.MakeClosure:
			c.asValue[v.Fn.(*ssa.Function)] = true
		}
	}
	// A bound method value (m.run as a callback) names the method
	// through a wrapper.
	if mc, ok := instr.(*ssa.MakeClosure); ok {
		c.markDeclared(mc.Fn.(*ssa.Function))
	}
}

// markDeclared marks as used for a value the declared function behind a
// wrapper the builder made: a bound method value's closure, a method
// expression's thunk.
func (c *callers) markDeclared(wrapper *ssa.Function) {
	if wrapper.Synthetic == "" {
		return
	}
	if obj, ok := wrapper.Object().(*types.Func); ok {
		if m := c.model.SSA().Pkg.Prog.FuncValue(obj); m != nil {
			c.asValue[m] = true
		}
	}
}

// runAlone reports whether fn can only run one at a time (see callers).
func (c *callers) runAlone(fn *ssa.Function) bool {
	if done, ok := c.memo[fn]; ok {
		return done
	}
	c.memo[fn] = false // a recursive call proves nothing
	alone := c.calledAlone(fn)
	c.memo[fn] = alone
	return alone
}

func (c *callers) calledAlone(fn *ssa.Function) bool {
	if c.startedOnceAtBoot(fn) || c.runsAsWorkflowStep(fn) || runBySyncOnce(fn) || runsInRestateObject(fn) || c.scheduledOncePerID(fn) || runUnderLock(fn) {
		return true
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Exported() || fn.Parent() != nil || c.asValue[fn] {
		return false
	}
	if len(c.sites[fn]) == 0 {
		return c.neverCalled(fn, obj)
	}
	for _, site := range c.sites[fn] {
		caller := site.Parent()
		if c.inTestFile(caller) {
			continue // tests exercise helpers directly; production calls decide
		}
		if !mutexHeldAt(site) && !c.model.RunsAtStartup(site) && !isConstructor(caller) && !c.runAlone(caller) {
			return false
		}
	}
	return true
}

// inTestFile reports whether fn is declared in a _test.go file.
func (c *callers) inTestFile(fn *ssa.Function) bool {
	return passutil.InTestFile(c.fset, fn.Pos())
}

// isConstructor reports whether fn builds a value of its package (New...
// returning a pointer to one of the package's types): it runs before the
// value is shared, so no twin can run beside it on that value.
func isConstructor(fn *ssa.Function) bool {
	if fn.Parent() != nil || fn.Signature.Recv() != nil || !strings.HasPrefix(strings.ToLower(fn.Name()), "new") {
		return false
	}
	res := fn.Signature.Results()
	if res.Len() == 0 {
		return false
	}
	ptr, ok := res.At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && fn.Pkg != nil && named.Obj().Pkg() == fn.Pkg.Pkg
}

// lockedFirst reports whether every call of the check's function comes
// after its caller locked a row of another resource (FOR UPDATE) in the
// same function: the parent row every competitor locks first, taken one
// call up (answer's acquireUserInfo locks the users, then
// saveActivitiesAvailable checks their activity). As for runAlone, the
// function must be unexported and never used as a value.
func (c *callers) lockedFirst(check *dataaccess.Op, ops []*dataaccess.Op) bool {
	fn := check.Fn
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Exported() || fn.Parent() != nil || c.asValue[fn] || len(c.sites[fn]) == 0 {
		return false
	}
	for _, site := range c.sites[fn] {
		if !c.inTestFile(site.Parent()) && !lockBefore(site, check, ops) {
			return false
		}
	}
	return true
}

// lockBefore reports whether a row lock of a resource other than the
// check's runs before site on every path through site's function.
func lockBefore(site ssa.CallInstruction, check *dataaccess.Op, ops []*dataaccess.Op) bool {
	for _, op := range ops {
		if op.Locks && op.Instr.Parent() == site.Parent() && !dataaccess.SameResource(check.Resource, op.Resource) &&
			ssautil.Before(op.Instr, site) {
			return true
		}
	}
	return false
}

// runUnderLock reports whether fn is a callback handed to a lock helper
// that runs it holding the lock (locker.WithLock(ctx, "job:mutex", ttl,
// func(ctx) error { ... })): its callers take turns.
func runUnderLock(fn *ssa.Function) bool {
	if fn.Parent() == nil {
		return false
	}
	made := closureCreation(fn.Parent(), fn)
	v, ok := made.(ssa.Value)
	if !ok {
		v = fn // a function literal without free variables is the function itself
	}
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		call, ok := ref.(ssa.CallInstruction)
		if !ok || !slices.Contains(call.Common().Args, v) {
			continue
		}
		if f := dataaccess.Callee(call.Common()); f != nil && apis.IsLockName(f.Name()) {
			return true
		}
	}
	return false
}
