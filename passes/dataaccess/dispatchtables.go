package dataaccess

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/ssa"
)

// A storage layer that runs on several databases often picks its
// statements from a table of functions, one table per backend, filled
// when the package is initialised:
//
//	var pgFuncs = map[string]interface{}{insertOp: pgInsert, fetchOp: pgFetch}
//	func Insert(k, v, table string) error {
//		return current()[insertOp].(func(string, string, string) error)(k, v, table)
//	}
//
// The call has no static callee, so without help Insert writes nothing.
// Its callees are the functions the package's tables hold under that
// key; a package-level func variable assigned a function once (var
// insertRecord = pgInsert) is the one-entry case of the same thing.

// dispatchTargets returns the package's functions a call through a func
// value may reach when the value is read from a package-level table (a
// map literal indexed by a constant key, or a func variable) that the
// package fills with named functions when it is initialised; nil when
// the value comes from anywhere else.
func dispatchTargets(c *ssa.CallCommon) []*ssa.Function {
	if c.IsInvoke() || c.StaticCallee() != nil {
		return nil
	}
	v := c.Value
	if ta, ok := v.(*ssa.TypeAssert); ok && !ta.CommaOk {
		v = ta.X
	}
	switch v := v.(type) {
	case *ssa.Lookup:
		return lookupTargets(v)
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL {
			return funcVarTargets(g)
		}
	}
	return nil
}

// lookupTargets returns the functions a constant key finds in the
// package's tables of functions the lookup reads, or nil.
func lookupTargets(l *ssa.Lookup) []*ssa.Function {
	key, ok := l.Index.(*ssa.Const)
	if !ok || l.CommaOk {
		return nil
	}
	var out []*ssa.Function
	for _, g := range tableGlobals(l.X, 2) {
		fns, ok := mapEntries(g, key)
		if !ok {
			return nil
		}
		out = append(out, fns...)
	}
	return out
}

// isDispatchLookup reports whether a map lookup picks a function from
// such a table.
func isDispatchLookup(l *ssa.Lookup) bool {
	return len(lookupTargets(l)) > 0
}

// tableGlobals returns the package-level variables a map value is loaded
// from: the variable itself, or each variable a function of the package
// returns (current() switching on the configured backend), depth calls
// deep; nil when any source is something else.
func tableGlobals(v ssa.Value, depth int) []*ssa.Global {
	switch v := v.(type) {
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL {
			return []*ssa.Global{g}
		}
	case *ssa.Call:
		fn := v.Call.StaticCallee()
		if fn == nil || depth == 0 || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
			return nil
		}
		var out []*ssa.Global
		for _, b := range fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			gs := tableGlobals(ret.Results[0], depth-1)
			if gs == nil {
				return nil
			}
			out = append(out, gs...)
		}
		return out
	}
	return nil
}

// initStores returns the values the package's initialiser stores into
// g.
func initStores(g *ssa.Global) []ssa.Value {
	init := g.Pkg.Func("init")
	if init == nil {
		return nil
	}
	var vals []ssa.Value
	for _, b := range init.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && st.Addr == g {
				vals = append(vals, st.Val)
			}
		}
	}
	return vals
}

// mapEntries returns the named functions the map literal stored into g
// holds under key; false when g is not initialised with a map literal.
func mapEntries(g *ssa.Global, key *ssa.Const) ([]*ssa.Function, bool) {
	vals := initStores(g)
	if len(vals) != 1 {
		return nil, false
	}
	lit, ok := vals[0].(*ssa.MakeMap)
	if !ok {
		return nil, false
	}
	var out []*ssa.Function
	for _, ref := range *lit.Referrers() {
		upd, ok := ref.(*ssa.MapUpdate)
		if !ok || upd.Map != lit {
			continue
		}
		k, ok := upd.Key.(*ssa.Const)
		if !ok || k.Value == nil || key.Value == nil || !constant.Compare(k.Value, token.EQL, key.Value) {
			continue
		}
		if fn := namedFunc(upd.Value); fn != nil {
			out = append(out, fn)
		}
	}
	return out, true
}

// funcVarTargets returns the function a package-level func variable is
// initialised with, when that is its only assignment in the initialiser.
func funcVarTargets(g *ssa.Global) []*ssa.Function {
	if _, isFunc := g.Type().(*types.Pointer).Elem().Underlying().(*types.Signature); !isFunc {
		return nil
	}
	vals := initStores(g)
	if len(vals) != 1 {
		return nil
	}
	if fn := namedFunc(vals[0]); fn != nil {
		return []*ssa.Function{fn}
	}
	return nil
}

// namedFunc returns the named function v denotes, through its
// conversion to an interface.
func namedFunc(v ssa.Value) *ssa.Function {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	fn, ok := v.(*ssa.Function)
	if !ok || fn.Parent() != nil {
		return nil
	}
	if _, ok := fn.Object().(*types.Func); !ok {
		return nil
	}
	return fn
}

// dispatchSummary returns the summary the functions a table dispatches
// to share: each backend spells its statement its own way (ON CONFLICT
// DO UPDATE, INSERT OR REPLACE), so they agree on what they do (the
// kind of operation and its table) rather than in every detail. A
// backend whose statements are not read (a client library of its own)
// says nothing either way; nil when none has a summary or two disagree.
func (m *modeler) dispatchSummary(targets []*ssa.Function) *Summary {
	var shared *Summary
	for _, fn := range targets {
		s := m.summaryOf(fn.Object().(*types.Func).Origin())
		switch {
		case s == nil:
		case shared == nil:
			shared = s
		case reflect.DeepEqual(shared, s):
		case s.Kind != shared.Kind || s.Table != shared.Table:
			return nil
		}
	}
	return shared
}
