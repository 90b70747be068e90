package vettool

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/types"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/idemvet/idemvet/analyzers/vettool/forward"
	"github.com/idemvet/idemvet/internal/testfiles"
)

// marked is the fact markcalls exports on a function whose doc comment
// says "mark me".
type marked struct{}

func (*marked) AFact() {}

// markcalls reports each call to a marked function, which needs the
// fact to cross from the unit of the package that declares the function
// to the unit of the caller; and it panics in a package named boom.
var markcalls = &analysis.Analyzer{
	Name:      "markcalls",
	Doc:       "test analyzer: reports calls to functions marked in another package",
	FactTypes: []analysis.Fact{new(marked)},
	Run: func(pass *analysis.Pass) (any, error) {
		if pass.Pkg.Name() == "boom" {
			panic("boom")
		}
		for _, f := range pass.Files {
			for _, decl := range f.Decls {
				if fn, ok := decl.(*ast.FuncDecl); ok && fn.Doc != nil && strings.Contains(fn.Doc.Text(), "mark me") {
					pass.ExportObjectFact(pass.TypesInfo.Defs[fn.Name], new(marked))
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func); ok && pass.ImportObjectFact(fn, new(marked)) {
					pass.Reportf(call.Pos(), "call to marked %s", fn.Name())
				}
				return true
			})
		}
		return nil, nil
	},
}

// vetThroughShim runs go vet -json in dir with the shim as its vet tool,
// each unit served by RunUnit in this process with markcalls.
func vetThroughShim(t *testing.T, dir string, patterns ...string) (stdout, stderr string, err error) {
	t.Helper()
	shim := filepath.Join(t.TempDir(), "shim")
	if out, err := exec.Command("go", "build", "-o", shim, "./forward/shim").CombinedOutput(); err != nil {
		t.Fatalf("building the shim: %v\n%s", err, out)
	}
	socket := filepath.Join(t.TempDir(), "s")
	l, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	go forward.Serve(l, func(req forward.Request) forward.Response {
		switch {
		case slices.Contains(req.Args, "-V=full"):
			return forward.Response{Stdout: []byte("markcalls version devel buildID=" + t.Name() + "\n")}
		case slices.Contains(req.Args, "-flags"):
			return forward.Response{Stdout: []byte(`[{"Name":"json","Bool":true,"Usage":""}]`)}
		}
		var out, errs bytes.Buffer
		exit := RunUnit(req.Args[len(req.Args)-1], WantsDepFindings(req.Args), []*analysis.Analyzer{markcalls}, &out, &errs)
		return forward.Response{Stdout: out.Bytes(), Stderr: errs.Bytes(), Exit: exit}
	})
	cmd := exec.Command("go", append([]string{"vet", "-vettool=" + shim, "-json"}, patterns...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), forward.SocketEnv+"="+socket, "GOFLAGS=-mod=mod", "GOWORK=off")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

func TestRunUnitThroughShim(t *testing.T) {
	dir := t.TempDir()
	testfiles.Write(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"lib/lib.go": `package lib

// Marked: mark me.
func Marked() {}

// Plain is not.
func Plain() {}
`,
		"app/app.go": `package app

import "example.com/m/lib"

func Run() {
	lib.Marked()
	lib.Plain()
}
`,
		"broken/broken.go": "package broken\n\nfunc F() int { return \"x\" }\n",
		"boom/boom.go":     "package boom\n\nfunc F() {}\n",
	})

	stdout, stderr, err := vetThroughShim(t, dir, "./app", "./lib")
	if err != nil {
		t.Fatalf("go vet: %v\n%s", err, stderr)
	}
	var got []string
	if _, err := DecodeJSON(strings.NewReader(stdout), func(pkg, check string, raw json.RawMessage) error {
		var diags []Diagnostic
		if err := json.Unmarshal(raw, &diags); err != nil {
			return err
		}
		for _, d := range diags {
			file, line, _ := SplitPosition(d.Posn)
			got = append(got, pkg+" "+filepath.Base(file)+":"+string(rune('0'+line))+" "+d.Message)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// The marked call is reported, the plain one beside it is not.
	if want := []string{"example.com/m/app app.go:6 call to marked Marked"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q\nstdout: %s\nstderr: %s", got, want, stdout, stderr)
	}

	// A type error is go vet's to print, as from unitchecker.
	_, stderr, err = vetThroughShim(t, dir, "./broken")
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !strings.Contains(stderr, "broken.go:3:") || !strings.Contains(stderr, "cannot use \"x\"") {
		t.Errorf("type error: go vet %v, stderr %q; want a failure naming broken.go:3", err, stderr)
	}

	// A check that panics fails its unit, not the serving process: the
	// next run still works.
	_, stderr, err = vetThroughShim(t, dir, "./boom")
	if !errors.As(err, &exit) || !strings.Contains(stderr, "internal error") || !strings.Contains(stderr, "boom") {
		t.Errorf("panicking check: go vet %v, stderr %q; want a failure saying internal error", err, stderr)
	}
	if _, stderr, err := vetThroughShim(t, dir, "./lib"); err != nil {
		t.Errorf("after the panic: go vet %v\n%s", err, stderr)
	}
}

// A requirement's result is kept until the last analyzer requiring it has
// run, then dropped: the unit's largest results are held no longer than
// they are needed.
func TestResultReleasedAfterLastDependent(t *testing.T) {
	base := &analysis.Analyzer{Name: "base", Doc: "base", Run: func(*analysis.Pass) (any, error) { return new(int), nil }}
	var seen []bool
	user := func(name string) *analysis.Analyzer {
		return &analysis.Analyzer{Name: name, Doc: name, Requires: []*analysis.Analyzer{base},
			Run: func(pass *analysis.Pass) (any, error) {
				seen = append(seen, pass.ResultOf[base] != nil)
				return nil, nil
			}}
	}
	first, second := user("first"), user("second")
	checks := []*analysis.Analyzer{first, second}
	u := &unitRun{cfg: &unitchecker.Config{}, done: map[*analysis.Analyzer]*actionResult{}, dependents: countDependents(checks)}
	u.run(first)
	if u.done[base].result == nil {
		t.Fatal("base's result dropped while second, which requires it, has not run")
	}
	u.run(second)
	if u.done[base].result != nil {
		t.Error("base's result kept after every analyzer requiring it ran")
	}
	if len(seen) != 2 || !seen[0] || !seen[1] {
		t.Errorf("requirement's result seen by first and second = %v, want both", seen)
	}
}
