// Package suppress parses //idemvet:ignore directives, the way a user
// silences one finding they have judged safe:
//
//	//idemvet:ignore checkthenact the table has a unique index on key
//
// A directive names one check, or several separated by commas, followed by
// a reason, which is required. It covers the line it trails, or, alone on
// its line, the next line; in the doc comment of a function declaration it
// covers the whole function.
//
// The package knows nothing about checks or drivers: the analyzers suite
// decides what a directive suppresses and reports the ones that are
// malformed or unused.
package suppress

import (
	"go/ast"
	"go/token"
	"strings"
)

// Prefix starts every directive. Like //go: and //lint: directives it has
// no space after the slashes, so gofmt leaves it out of doc text.
const Prefix = "//idemvet:ignore"

// A Directive is one //idemvet:ignore comment.
type Directive struct {
	Pos token.Pos // the comment
	// Checks are the check names the directive lists, as written.
	Checks []string
	// Reason is the justification after the names; empty when missing.
	Reason string
	// Spaced is set for "// idemvet:ignore", which is not a directive
	// (gofmt would treat it as prose) and so suppresses nothing: it is
	// returned so that it can be reported rather than silently ignored.
	Spaced bool

	filename    string
	first, last int // lines covered, inclusive
}

// Names reports whether the directive lists the check.
func (d *Directive) Names(check string) bool {
	for _, c := range d.Checks {
		if c == check {
			return true
		}
	}
	return false
}

// Covers reports whether the directive's scope contains the position.
func (d *Directive) Covers(p token.Position) bool {
	return p.Filename == d.filename && d.first <= p.Line && p.Line <= d.last
}

// Parse returns the directives in the files, in source order.
func Parse(fset *token.FileSet, files []*ast.File) []*Directive {
	var all []*Directive
	for _, f := range files {
		all = append(all, parseFile(fset, f)...)
	}
	return all
}

func parseFile(fset *token.FileSet, f *ast.File) []*Directive {
	var found []*Directive
	for _, group := range f.Comments {
		for _, c := range group.List {
			if d := parseComment(c); d != nil {
				found = append(found, d)
			}
		}
	}
	if found == nil {
		return nil // most files: skip the walk below
	}
	funcDocs := map[*ast.Comment]*ast.FuncDecl{}
	for _, decl := range f.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Doc != nil {
			for _, c := range fn.Doc.List {
				funcDocs[c] = fn
			}
		}
	}
	trailing := trailingLines(fset, f)
	for _, d := range found {
		pos := fset.Position(d.Pos)
		d.filename = pos.Filename
		switch fn := funcDocs[commentAt(f, d.Pos)]; {
		case fn != nil:
			d.first = fset.Position(fn.Pos()).Line
			d.last = fset.Position(fn.End()).Line
		case trailing[pos.Line] != token.NoPos && trailing[pos.Line] <= d.Pos:
			d.first, d.last = pos.Line, pos.Line
		default:
			d.first, d.last = pos.Line+1, pos.Line+1
		}
	}
	return found
}

// parseComment returns the directive a comment holds, or nil.
func parseComment(c *ast.Comment) *Directive {
	rest, ok := strings.CutPrefix(c.Text, Prefix)
	spaced := false
	if !ok {
		// "// idemvet:ignore": the space makes it a comment, not a
		// directive.
		body, isLine := strings.CutPrefix(c.Text, "//")
		trimmed := strings.TrimLeft(body, " \t")
		rest, ok = strings.CutPrefix(trimmed, Prefix[len("//"):])
		if !isLine || !ok || trimmed == body {
			return nil
		}
		spaced = true
	}
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil // not ours, or a longer word such as //idemvet:ignored
	}
	d := &Directive{Pos: c.Slash, Spaced: spaced}
	if spaced {
		return d
	}
	fields := strings.Fields(rest)
	if len(fields) > 0 {
		for _, name := range strings.Split(fields[0], ",") {
			if name != "" {
				d.Checks = append(d.Checks, name)
			}
		}
		d.Reason = strings.Join(fields[1:], " ")
	}
	return d
}

func commentAt(f *ast.File, pos token.Pos) *ast.Comment {
	for _, group := range f.Comments {
		for _, c := range group.List {
			if c.Slash == pos {
				return c
			}
		}
	}
	return nil
}

// trailingLines maps each line on which code ends to the earliest position
// where it does, so that a directive after that position trails the code
// and one before it stands on a line of its own.
func trailingLines(fset *token.FileSet, f *ast.File) map[int]token.Pos {
	ends := map[int]token.Pos{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case nil:
			return false
		case *ast.CommentGroup, *ast.Comment:
			return false
		}
		end := n.End()
		line := fset.Position(end).Line
		if prev, ok := ends[line]; !ok || end < prev {
			ends[line] = end
		}
		return true
	})
	return ends
}
