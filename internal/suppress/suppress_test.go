package suppress

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"
)

const src = `package p

func f() {
	a() //idemvet:ignore checkthenact trailing covers this line
	b()
	//idemvet:ignore claimtx,attemptkey alone covers the next line
	c()
	d() // idemvet:ignore checkthenact a space after the slashes is prose, not a directive
	//idemvet:ignored checkthenact another word entirely
	//idemvet:ignore checkthenact
	e()
	if x { //idemvet:ignore checkthenact after an opening brace
		g()
	}
}

// h does things.
//
//idemvet:ignore checkthenact the whole function
func h() {
	a()
	b()
}

//idemvet:ignore
var v = 1
`

func parse(t *testing.T) (*token.FileSet, []*Directive) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return fset, Parse(fset, []*ast.File{f})
}

func TestParse(t *testing.T) {
	fset, dirs := parse(t)
	type summary struct {
		Line        int
		Checks      []string
		Reason      string
		Spaced      bool
		First, Last int
	}
	var got []summary
	for _, d := range dirs {
		got = append(got, summary{fset.Position(d.Pos).Line, d.Checks, d.Reason, d.Spaced, d.first, d.last})
	}
	want := []summary{
		{4, []string{"checkthenact"}, "trailing covers this line", false, 4, 4},
		{6, []string{"claimtx", "attemptkey"}, "alone covers the next line", false, 7, 7},
		// With a space it names nothing and covers nothing: it is
		// returned only to be reported as malformed.
		{8, nil, "", true, 8, 8},
		{10, []string{"checkthenact"}, "", false, 11, 11},
		{12, []string{"checkthenact"}, "after an opening brace", false, 12, 12},
		{19, []string{"checkthenact"}, "the whole function", false, 20, 23},
		{25, nil, "", false, 26, 26},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse:\ngot  %+v\nwant %+v", got, want)
	}
}

func TestCovers(t *testing.T) {
	fset, dirs := parse(t)
	lineOf := func(d *Directive) int { return fset.Position(d.Pos).Line }
	for _, tc := range []struct {
		directiveLine int
		line          int
		want          bool
	}{
		{4, 4, true},
		{4, 5, false}, // a trailing directive does not reach the next line
		{6, 7, true},
		{6, 6, false},
		{6, 8, false},
		{19, 21, true},
		{19, 24, false},
	} {
		for _, d := range dirs {
			if lineOf(d) != tc.directiveLine {
				continue
			}
			if got := d.Covers(token.Position{Filename: "p.go", Line: tc.line}); got != tc.want {
				t.Errorf("directive on line %d covers line %d = %v, want %v", tc.directiveLine, tc.line, got, tc.want)
			}
			if d.Covers(token.Position{Filename: "q.go", Line: tc.line}) {
				t.Errorf("directive on line %d covers a line of another file", tc.directiveLine)
			}
		}
	}
}

func TestNames(t *testing.T) {
	_, dirs := parse(t)
	d := dirs[1]
	if !d.Names("claimtx") || !d.Names("attemptkey") || d.Names("checkthenact") {
		t.Errorf("Names of %v wrong", d.Checks)
	}
}

func TestNoDirectivesNoWalk(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "q.go", strings.ReplaceAll(src, "idemvet:ignore", "nolint"), parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if dirs := Parse(fset, []*ast.File{f}); len(dirs) != 0 {
		t.Errorf("found %d directives in a file without any", len(dirs))
	}
}

// TestSpacedNearMisses checks that only the spaced form of the directive
// itself is returned as malformed, not prose that merely mentions it.
func TestSpacedNearMisses(t *testing.T) {
	const src = `package p

// idemvet:ignored is another word
// see idemvet:ignore for how to silence a finding
/* idemvet:ignore checkthenact block comments are prose */
//	idemvet:ignore checkthenact a tab is a space too
var v = 1
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "q.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	dirs := Parse(fset, []*ast.File{f})
	if len(dirs) != 1 || !dirs[0].Spaced || fset.Position(dirs[0].Pos).Line != 6 {
		t.Errorf("want only the tab-spaced directive on line 6, got %d directive(s)", len(dirs))
	}
}
