// Package passutil holds the small helpers the idemvet passes share about
// a pass's source: which file holds a position, how a message names
// another position, and whether the source is the standard library's.
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

// IsStandardLibrary reports whether the pass analyses a standard-library
// package. The checks skip those in their fast paths: the standard library
// runs no user's retry loop or handler, and what its data-access and
// messaging APIs do is in the tables, so its SSA form is never needed.
func IsStandardLibrary(pass *analysis.Pass) bool {
	return len(pass.Files) > 0 && InStandardLibrary(pass.Fset, pass.Files[0].Package)
}
