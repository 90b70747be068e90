package checkthenact

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// One more way code cannot run beside a twin of itself, besides the
// callers that serialise it (callers.go): a loop started once at boot, a
// function whose only uses are `go f()` in a starter that takes no
// arguments and is named for it (InitDeliverHooks, startSweeper) or runs
// at startup. One goroutine, one loop: its list query, act and mark-done
// run in turn (gogs's hook delivery). A second replica of the service is
// a twin the analysis cannot see; the README says so.

// launchIndex records, per package, the go statements that start each
// function.
type launchIndex struct {
	goSites map[*ssa.Function][]*ssa.Go
}

func (c *callers) launches() *launchIndex {
	if c.launched != nil {
		return c.launched
	}
	idx := &launchIndex{goSites: map[*ssa.Function][]*ssa.Go{}}
	for _, fn := range c.model.SSA().SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if g, isGo := instr.(*ssa.Go); isGo && !g.Call.IsInvoke() {
					if started, ok := g.Call.Value.(*ssa.Function); ok {
						idx.goSites[started] = append(idx.goSites[started], g)
					}
				}
			}
		}
	}
	c.launched = idx
	return idx
}

// startedOnceAtBoot reports whether fn is only ever started as a
// goroutine, by starters that run once: no static call of it, and every
// use a `go fn()` in a function that runs at startup or takes no
// arguments and is named Init... or Start... .
func (c *callers) startedOnceAtBoot(fn *ssa.Function) bool {
	if fn.Parent() != nil {
		return c.closureStartedOnce(fn)
	}
	gos := c.launches().goSites[fn]
	if len(gos) == 0 {
		return c.scheduledOnce(fn)
	}
	for _, site := range c.sites[fn] {
		if !c.inTestFile(site.Parent()) {
			return false
		}
	}
	uses := 0
	for _, f := range c.model.SSA().SrcFuncs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(nil) {
					if op != nil && *op == fn {
						uses++
					}
				}
			}
		}
	}
	if uses != len(gos) {
		return false // also stored, passed or registered somewhere
	}
	for _, g := range gos {
		if !c.model.RunsAtStartup(g) && !isStarter(g.Parent()) {
			return false
		}
	}
	return true
}

// isStarter reports whether fn is a starter that runs once: a top-level
// function with no parameters named Init..., Start... or Register... (a
// boot hook that schedules its cron job; a per-request initialiser takes
// what it initialises, and a sign-up handler its request).
func isStarter(fn *ssa.Function) bool {
	if fn.Parent() != nil || fn.Signature.Recv() != nil || fn.Signature.Params().Len() > 0 {
		return false
	}
	name := strings.ToLower(fn.Name())
	return strings.HasPrefix(name, "init") || strings.HasPrefix(name, "start") || strings.HasPrefix(name, "register")
}

// closureStartedOnce reports whether a closure is the loop a starter
// launches: its every use, in a function that runs once (a starter, or
// code that runs at startup), starts it as a goroutine, by a go
// statement or through a launcher named for it (util.SafeGoroutine(func()
// { for range ticker.C { ... } }), gopool.Go(f)).
func (c *callers) closureStartedOnce(fn *ssa.Function) bool {
	return c.startedOnlyByStarters([]*ssa.Function{fn.Parent()}, func(v ssa.Value) bool { return closureOf(v, fn) })
}

// startedOnlyByStarters reports whether the function values matches
// accepts are used in funcs, and every use (but the making of the closure
// itself) starts one (launches) in a function that runs once: a starter,
// code that runs at startup, or a constructor starting the background
// loop of the value it builds (one loop per service, built at wiring).
func (c *callers) startedOnlyByStarters(funcs []*ssa.Function, matches func(ssa.Value) bool) bool {
	return everyUse(funcs, matches, func(instr ssa.Instruction, f ssa.Value) bool {
		starter := instr.Parent()
		return launches(instr, f) && (c.model.RunsAtStartup(instr) || isStarter(starter) || isConstructor(starter))
	})
}

// everyUse reports whether the function values matches accepts are used
// in funcs, and every use but the making of a closure passes ok.
func everyUse(funcs []*ssa.Function, matches func(ssa.Value) bool, ok func(instr ssa.Instruction, f ssa.Value) bool) bool {
	uses := 0
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(nil) {
					if op == nil || !matches(*op) {
						continue
					}
					if mc, isMake := instr.(*ssa.MakeClosure); isMake && mc.Fn == *op {
						continue // the closure being made, judged at its uses
					}
					uses++
					if !ok(instr, *op) {
						return false
					}
				}
			}
		}
	}
	return uses > 0
}

// closureOf reports whether v is fn itself or a closure of it.
func closureOf(v ssa.Value, fn *ssa.Function) bool {
	if v == fn {
		return true
	}
	mc, ok := v.(*ssa.MakeClosure)
	return ok && mc.Fn == fn
}

// launches reports whether instr starts the function value f as a
// goroutine, go f() or a call of a launcher (its name says Go or
// goroutine) that takes f, or registers it with a scheduler.
func launches(instr ssa.Instruction, f ssa.Value) bool {
	switch instr := instr.(type) {
	case *ssa.Go:
		return instr.Call.Value == f
	case *ssa.Call:
		callee := dataaccess.Callee(&instr.Call)
		if callee == nil || instr.Call.Value == f {
			return false
		}
		name := strings.ToLower(callee.Name())
		return strings.Contains(name, "goroutine") || name == "go" || strings.HasPrefix(name, "safego") || strings.HasSuffix(callee.Name(), "Go") ||
			schedules(callee)
	}
	return false
}

// A job a starter registers with a scheduler runs from one schedule:
// c.AddFunc("@every 1m", s.flush) in main, gocron's Every(1).Minute().Do(f).
// Like a boot loop it has no twin in its process. A run that outlasts its
// interval overlaps the next one (robfig/cron without
// SkipIfStillRunning), and a second replica runs the schedule too; the
// analysis sees neither.

// schedules reports whether a call registers a job with a cron
// scheduler: a method or function of a package whose path names cron.
func schedules(callee *types.Func) bool {
	return callee.Pkg() != nil && strings.Contains(callee.Pkg().Path(), "cron")
}

// scheduledOnce reports whether an unexported function or method (which
// no other package can call) is only ever used as a job a starter hands
// to a scheduler, and never called.
func (c *callers) scheduledOnce(fn *ssa.Function) bool {
	if obj := fn.Object(); obj == nil || obj.Exported() || len(c.sites[fn]) > 0 {
		return false
	}
	return c.startedOnlyByStarters(c.model.SSA().SrcFuncs, func(v ssa.Value) bool { return namesFunc(v, fn) })
}

// namesFunc reports whether v is fn, or a bound method value of it
// (s.flush: a closure of the method's wrapper).
func namesFunc(v ssa.Value, fn *ssa.Function) bool {
	if v == fn {
		return true
	}
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return false
	}
	wrapper, ok := mc.Fn.(*ssa.Function)
	return ok && wrapper.Object() != nil && wrapper.Object() == fn.Object()
}

// runBySyncOnce reports whether fn is a closure whose every use hands it
// to a sync.Once (once.Do(f), sync.OnceFunc(f), sync.OnceValue(f)): it
// runs once per Once, and a caller that comes while it runs waits for it
// (a lazy initialiser that checks a stored flag and then writes it).
func runBySyncOnce(fn *ssa.Function) bool {
	if fn.Parent() == nil {
		return false
	}
	handedToOnce := func(instr ssa.Instruction, _ ssa.Value) bool {
		call, isCall := instr.(*ssa.Call)
		return isCall && isSyncOnce(&call.Call)
	}
	return everyUse([]*ssa.Function{fn.Parent()}, func(v ssa.Value) bool { return closureOf(v, fn) }, handedToOnce)
}

// isSyncOnce reports whether c is (*sync.Once).Do or sync's OnceFunc,
// OnceValue or OnceValues.
func isSyncOnce(c *ssa.CallCommon) bool {
	f := c.StaticCallee()
	if f == nil {
		return false
	}
	obj, ok := f.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg().Path() != "sync" {
		return false
	}
	switch obj.Name() {
	case "Do":
		return f.Signature.Recv() != nil
	case "OnceFunc", "OnceValue", "OnceValues":
		return true
	}
	return false
}

// A task a scheduler keeps under an id runs once for it: GoToSocial's
// Scheduler.AddOnce(poll.ID, at, p.onExpiry(poll.ID)) refuses a second
// task for a poll, so the expiry callback cannot run beside a twin of
// itself. Another process of the service keeps its own scheduler; the
// analysis sees one.

// scheduledOncePerID reports whether fn is a closure whose every use
// hands it, in place or as the result of the function that makes it, to
// a scheduler call that takes a task id and says it adds the task once.
func (c *callers) scheduledOncePerID(fn *ssa.Function) bool {
	maker := fn.Parent()
	if maker == nil {
		return false
	}
	handedOnce := func(instr ssa.Instruction, f ssa.Value) bool {
		if addsOncePerID(instr, f) {
			return true
		}
		ret, isReturn := instr.(*ssa.Return)
		return isReturn && slices.Contains(ret.Results, f) && c.resultAddedOnce(maker)
	}
	return everyUse([]*ssa.Function{maker}, func(v ssa.Value) bool { return closureOf(v, fn) }, handedOnce)
}

// resultAddedOnce reports whether maker, which no other package can
// call, is only called, and every call's result goes straight to a
// scheduler's add-once call.
func (c *callers) resultAddedOnce(maker *ssa.Function) bool {
	obj := maker.Object()
	if obj == nil || obj.Exported() || c.asValue[maker] || len(c.sites[maker]) == 0 {
		return false
	}
	for _, site := range c.sites[maker] {
		call, ok := site.(*ssa.Call)
		if !ok || call.Referrers() == nil || len(*call.Referrers()) != 1 || !addsOncePerID((*call.Referrers())[0], call) {
			return false
		}
	}
	return true
}

// addsOncePerID reports whether instr hands f to a call named for adding
// or scheduling once (AddOnce, ScheduleOnce) whose first argument is a
// string: the id the scheduler refuses a second task for.
func addsOncePerID(instr ssa.Instruction, f ssa.Value) bool {
	call, ok := instr.(*ssa.Call)
	if !ok || call.Call.Value == f || !slices.Contains(call.Call.Args, f) {
		return false
	}
	callee := dataaccess.Callee(&call.Call)
	if callee == nil || !strings.HasSuffix(callee.Name(), "Once") || strings.EqualFold(callee.Name(), "once") {
		return false
	}
	args := call.Call.Args
	if callee.Type().(*types.Signature).Recv() != nil && !call.Call.IsInvoke() {
		args = args[1:]
	}
	if len(args) == 0 {
		return false
	}
	basic, isBasic := args[0].Type().Underlying().(*types.Basic)
	return isBasic && basic.Info()&types.IsString != 0
}
