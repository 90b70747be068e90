// Package passutil holds the small helpers the idemvet passes share about
// a pass's source: which file holds a position, and how a message names
// another position.
package passutil

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"

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
