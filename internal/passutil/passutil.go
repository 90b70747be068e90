// Package passutil holds the small helpers the idemvet passes share about
// a pass's source: which file holds a position, how a message names
// another position, and whether the code is the user's or a dependency's.
package passutil

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// FileOf returns the syntax tree of the pass's file that holds pos, or nil.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// InTestFile reports whether pos lies in a _test.go file: a test runs its
// steps one after another, and its races are not the service's.
func InTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// Where names pos for a message about from: "line 12" in the same file,
// "store.go:12" in another.
func Where(pass *analysis.Pass, from, pos token.Pos) string {
	p, q := pass.Fset.Position(pos), pass.Fset.Position(from)
	if p.Filename == q.Filename {
		return fmt.Sprintf("line %d", p.Line)
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// InStandardLibrary reports whether pos lies in the standard library's
// source (flag.Getter's Get is no repository lookup).
func InStandardLibrary(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasPrefix(f.Name(), filepath.Join(build.Default.GOROOT, "src")+string(filepath.Separator))
}

// IsDependencyCode reports whether the pass analyses code the user does
// not write: a standard-library package, or a third-party one (see
// IsThirdParty). The checks skip it in their fast paths: such code runs
// no retry loop or handler of the user's, the libraries it offers are
// known from the tables, so its SSA form and its facts are never needed.
func IsDependencyCode(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	if InStandardLibrary(pass.Fset, pass.Files[0].Package) {
		return true
	}
	return IsThirdParty(pass.Fset.Position(pass.Files[0].Package).Filename, pass.Module)
}

// IsThirdParty reports whether a package whose first Go file is file, in
// module m (nil when the driver does not say), is third-party code: its
// files lie in the go command's module cache or in a vendor directory,
// and its module is required at a version rather than being the main
// module opened there. Where the files lie decides, not the version: go
// vet gives a module replaced by a directory of the user's the version it
// is required at, and says nothing of the replacement. A workspace module
// and the main module are the user's too.
func IsThirdParty(file string, m *analysis.Module) bool {
	if file == "" || m != nil && m.Version == "" {
		return false
	}
	if cache := ModuleCache(); cache != "" && strings.HasPrefix(file, cache+string(filepath.Separator)) {
		return true
	}
	return strings.Contains(filepath.ToSlash(file), "/vendor/")
}

// ModuleCache is the module cache's directory: $GOMODCACHE, or what the go
// command says (a go.env or `go env -w` setting), asked once per process.
var ModuleCache = sync.OnceValue(func() string {
	if dir := os.Getenv("GOMODCACHE"); dir != "" {
		return filepath.Clean(dir)
	}
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return ""
	}
	return filepath.Clean(strings.TrimSpace(string(out)))
})
