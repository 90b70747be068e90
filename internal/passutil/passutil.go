// Package passutil holds the small helpers the idemvet passes share about
// a pass's source: which file holds a position, how a message names
// another position, and whether the code is the user's or a dependency's.
package passutil

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"path/filepath"
	"strings"

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
// not write: a standard-library package, or a package of a module required
// at a version (read from the module cache; a module replaced by a local
// directory, a workspace module and the main module are the user's). The
// checks skip it in their fast paths: such code runs no retry loop or
// handler of the user's, the libraries it offers are known from the
// tables, so its SSA form and its facts are never needed.
func IsDependencyCode(pass *analysis.Pass) bool {
	if len(pass.Files) > 0 && InStandardLibrary(pass.Fset, pass.Files[0].Package) {
		return true
	}
	m := pass.Module
	if m == nil {
		return false
	}
	if m.Replace != nil {
		return m.Replace.Version != ""
	}
	return m.Version != ""
}
