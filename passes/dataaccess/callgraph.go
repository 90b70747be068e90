package dataaccess

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A function's summary depends on the summaries of the package's
// functions it calls. Summarising callees before callers, and iterating
// only where functions call each other in a cycle, reaches the fixed
// point at any call depth in about one pass over the package.

// component is a strongly connected component of the call graph.
type component struct {
	funcs []*ssa.Function
	// cyclic is set when its functions call each other or themselves:
	// their summaries must be iterated to a fixed point.
	cyclic bool
}

// bottomUp returns the package's named functions (function literals go
// with the function that contains them) grouped into the strongly
// connected components of their call graph, callees before callers.
//
// An edge goes to every function a body calls statically or refers to (a
// method value, a callback), and, for a call through an interface, to
// every method of the package with that name: such a call takes its
// summary from the implementations (see implSummary).
func bottomUp(funcs []*ssa.Function) []component {
	g := &callGraph{
		byObj:    map[*types.Func]*ssa.Function{},
		byMethod: map[string][]*ssa.Function{},
		index:    map[*ssa.Function]int{},
		low:      map[*ssa.Function]int{},
		onStack:  map[*ssa.Function]bool{},
	}
	var nodes []*ssa.Function
	for _, fn := range funcs {
		if fn.Parent() != nil {
			continue
		}
		nodes = append(nodes, fn)
		if obj, ok := fn.Object().(*types.Func); ok {
			g.byObj[obj.Origin()] = fn
			if fn.Signature.Recv() != nil {
				g.byMethod[fn.Name()] = append(g.byMethod[fn.Name()], fn)
			}
		}
	}
	for _, fn := range nodes {
		if _, seen := g.index[fn]; !seen {
			g.connect(fn)
		}
	}
	return g.sccs
}

type callGraph struct {
	byObj    map[*types.Func]*ssa.Function
	byMethod map[string][]*ssa.Function
	// Tarjan's algorithm state.
	next    int
	index   map[*ssa.Function]int
	low     map[*ssa.Function]int
	stack   []*ssa.Function
	onStack map[*ssa.Function]bool
	sccs    []component
}

// connect is Tarjan's strongly-connected-components step; components are
// completed callees first.
func (g *callGraph) connect(fn *ssa.Function) {
	g.index[fn], g.low[fn] = g.next, g.next
	g.next++
	g.stack = append(g.stack, fn)
	g.onStack[fn] = true
	cyclic := false
	for _, callee := range g.callees(fn) {
		cyclic = cyclic || callee == fn
		if _, seen := g.index[callee]; !seen {
			g.connect(callee)
			g.low[fn] = min(g.low[fn], g.low[callee])
		} else if g.onStack[callee] {
			g.low[fn] = min(g.low[fn], g.index[callee])
		}
	}
	if g.low[fn] != g.index[fn] {
		return
	}
	var scc []*ssa.Function
	for {
		top := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		g.onStack[top] = false
		scc = append(scc, top)
		if top == fn {
			break
		}
	}
	g.sccs = append(g.sccs, component{funcs: scc, cyclic: cyclic || len(scc) > 1})
}

// callees returns the package's named functions that fn and its function
// literals call or refer to.
func (g *callGraph) callees(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	seen := map[*ssa.Function]bool{}
	add := func(f *ssa.Function) {
		if f != nil && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && call.Common().IsInvoke() {
					for _, m := range g.byMethod[call.Common().Method.Name()] {
						add(m)
					}
				}
				if call, ok := instr.(ssa.CallInstruction); ok {
					for _, t := range dispatchTargets(call.Common()) {
						g.addRef(t, add) // a backend's function, reached through its table
					}
				}
				for _, op := range instr.Operands(nil) {
					switch ref := (*op).(type) {
					case *ssa.Function:
						g.addRef(ref, add)
					case *ssa.MakeClosure:
						g.addRef(ref.Fn.(*ssa.Function), add)
					}
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			visit(anon)
		}
	}
	visit(fn)
	return out
}

// addRef adds the package's named functions a referenced function stands
// for: itself, the function containing a literal, or for a wrapper (a
// bound method value, possibly of an interface) every method of that
// name.
func (g *callGraph) addRef(f *ssa.Function, add func(*ssa.Function)) {
	for f.Parent() != nil {
		f = f.Parent()
	}
	obj, ok := f.Object().(*types.Func)
	if !ok {
		return
	}
	if fn, ok := g.byObj[obj.Origin()]; ok {
		add(fn)
	}
	if f.Synthetic != "" && obj.Signature().Recv() != nil {
		for _, m := range g.byMethod[obj.Name()] {
			add(m)
		}
	}
}
