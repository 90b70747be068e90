package checkthenact

import (
	"strings"

	"golang.org/x/tools/go/ssa"
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
	gos := c.launches().goSites[fn]
	if len(gos) == 0 || fn.Parent() != nil {
		return false
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
// function with no parameters named Init... or Start... (a per-request
// initialiser takes what it initialises).
func isStarter(fn *ssa.Function) bool {
	if fn.Parent() != nil || fn.Signature.Recv() != nil || fn.Signature.Params().Len() > 0 {
		return false
	}
	name := strings.ToLower(fn.Name())
	return strings.HasPrefix(name, "init") || strings.HasPrefix(name, "start")
}
