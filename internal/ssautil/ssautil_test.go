package ssautil_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	shared "github.com/idemvet/idemvet/internal/ssautil"
)

const src = `package p

import "errors"

func insert() (int64, error) { return 1, nil }
func act()                   {}
func other()                 {}

func gated() error {
	n, err := insert()
	if err != nil {
		return err
	}
	if n == 1 {
		act()
	}
	other()
	return errors.New("x")
}

func errorOnly() error {
	_, err := insert()
	if err != nil {
		return err
	}
	act()
	return nil
}

var errTaken = errors.New("taken")

func deferred() (int, error) {
	defer other()
	if _, err := insert(); err != nil {
		return 0, errTaken
	}
	return 1, nil
}

func looped(n int) {
	other()
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			act()
			continue
		}
		insert()
	}
	other()
}
`

// build returns the SSA functions of src by name.
func build(t *testing.T) map[string]*ssa.Function {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg := types.NewPackage("p", "p")
	ssaPkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, pkg, []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	fns := map[string]*ssa.Function{}
	for _, m := range ssaPkg.Members {
		if fn, ok := m.(*ssa.Function); ok {
			fns[fn.Name()] = fn
		}
	}
	return fns
}

// call returns the call of the named function in fn.
func call(t *testing.T, fn *ssa.Function, name string) *ssa.Call {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if callee := c.Call.StaticCallee(); callee != nil && callee.Name() == name {
					return c
				}
			}
		}
	}
	t.Fatalf("%s: no call of %s", fn.Name(), name)
	return nil
}

func TestGates(t *testing.T) {
	fns := build(t)
	g := fns["gated"]
	ins, act, other := call(t, g, "insert"), call(t, g, "act"), call(t, g, "other")
	if !shared.Gates(ins, true, act) {
		t.Error("act runs only when n == 1: gated by the insert's rows")
	}
	if shared.Gates(ins, true, other) {
		t.Error("other runs whatever n is: not gated by the rows")
	}
	e := fns["errorOnly"]
	ins, act = call(t, e, "insert"), call(t, e, "act")
	if shared.Gates(ins, true, act) {
		t.Error("with errors skipped, a branch on the error alone is no gate")
	}
	if !shared.Gates(ins, false, act) {
		t.Error("counting errors, the err != nil branch gates act")
	}
}

func TestOrder(t *testing.T) {
	g := build(t)["gated"]
	ins, act, other := call(t, g, "insert"), call(t, g, "act"), call(t, g, "other")
	if !shared.Before(ins, act) || shared.Before(act, ins) {
		t.Error("insert dominates act")
	}
	if shared.Before(act, other) {
		t.Error("act does not run on every path to other")
	}
	if !shared.Reachable(act, other) || shared.Reachable(other, act) {
		t.Error("other can follow act, not the reverse")
	}
}

// TestAfter checks that After(a) yields exactly the instructions b with
// Reachable(a, b), each once, on functions with and without a loop (in
// a loop, what precedes a in its block runs again after it).
func TestAfter(t *testing.T) {
	for name, fn := range build(t) {
		var all []ssa.Instruction
		for _, b := range fn.Blocks {
			all = append(all, b.Instrs...)
		}
		for _, a := range all {
			yielded := map[ssa.Instruction]int{}
			for b := range shared.After(a) {
				yielded[b]++
			}
			for _, b := range all {
				if want := shared.Reachable(a, b); (yielded[b] == 1) != want || yielded[b] > 1 {
					t.Errorf("%s: %v then %v: After yields it %d times, Reachable says %v", name, a, b, yielded[b], want)
				}
			}
		}
	}
	g := build(t)["looped"]
	act := call(t, g, "act")
	var again bool
	for b := range shared.After(act) {
		again = again || b == act
	}
	if !again {
		t.Error("looped: act can run again after itself")
	}
}

// In a function with a defer, a return stores into the result slots and
// returns their reloads; StoredResult sees through to what was stored.
// Near miss: a value that is no reload of a slot is itself.
func TestStoredResult(t *testing.T) {
	fn := build(t)["deferred"]
	var sentinels, consts int
	for _, ret := range shared.Returns(fn) {
		last := ret.Results[len(ret.Results)-1]
		if _, ok := last.(*ssa.UnOp); !ok {
			t.Fatalf("return %v: result %v is not a reload of its slot", ret, last)
		}
		switch v := shared.StoredResult(last).(type) {
		case *ssa.UnOp:
			if g, ok := v.X.(*ssa.Global); ok && g.Name() == "errTaken" {
				sentinels++
			}
		case *ssa.Const:
			consts++
		}
	}
	if sentinels != 1 || consts != 1 {
		t.Errorf("StoredResult found %d errTaken and %d nil results, want 1 and 1", sentinels, consts)
	}
	if c := call(t, fn, "insert"); shared.StoredResult(c) != c {
		t.Errorf("StoredResult(%v) changed a value that is no slot's reload", c)
	}
}
