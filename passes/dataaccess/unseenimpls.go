package dataaccess

import (
	"bytes"
	"go/scanner"
	"go/token"
	"go/types"
	"iter"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
)

// Services wire their stores in main: the service calls repo.Payments,
// pgstore implements it, and neither package imports the other, so
// neither facts nor the packages in reach show what Record does. Where
// its name says nothing of the kind, the module's Go files are read for
// it, as text: the methods of that name whose parameters and results
// count as the interface's, and the SQL in their bodies. When every such
// method runs one write and it is an INSERT that keeps the first row
// (ON CONFLICT DO NOTHING, INSERT IGNORE), the call is that conditional
// insert: the store drops a second caller's row without a word, after
// whatever the caller did before it.

// textMethod is a method declaration read from a module's source text.
type textMethod struct {
	recv            string // the receiver's type name
	params, results int
	writes          []sqlclass.Statement // the writes its SQL literals run
}

var moduleTextMethods sync.Map // root → *textMethods

type textMethods struct {
	byName map[string][]textMethod
	unread bool
}

// fromUnseenImplementations classifies a call of a module interface's
// method, none of whose implementations is in reach, as the conditional
// insert that every implementation the module's text declares runs.
func (m *modeler) fromUnseenImplementations(op *Op, c *ssa.CallCommon, f *types.Func) bool {
	dir := packageDir(m.pass)
	if !m.isModuleInterface(f) || apis.ByName(f.Name()) == apis.Read || dir == "" {
		return false
	}
	methods := readTextMethods(scriptsRoot(dir))
	if methods.unread {
		return false
	}
	sig := f.Type().(*types.Signature)
	found := 0
	for _, tm := range methods.byName[f.Name()] {
		if tm.params != sig.Params().Len() || tm.results != sig.Results().Len() {
			continue
		}
		if len(tm.writes) != 1 || !keepsFirstRow(tm.writes[0]) {
			return false // an implementation that writes otherwise, or not at all
		}
		found++
	}
	if found == 0 {
		return false
	}
	m.fromName(op, c, apis.CondInsert)
	return true
}

// keepsFirstRow reports whether an INSERT leaves the row a twin made and
// inserts nothing.
func keepsFirstRow(st sqlclass.Statement) bool {
	return st.Kind == sqlclass.Insert && (st.OnConflictDoNothing || st.InsertIfAbsent)
}

// readTextMethods reads the method declarations of the module's non-test
// Go files that spell an INSERT, once per process and root.
func readTextMethods(root string) *textMethods {
	if cached, ok := moduleTextMethods.Load(root); ok {
		return cached.(*textMethods)
	}
	tms := &textMethods{byName: map[string][]textMethod{}}
	goSource := func(rel string) bool {
		return strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go")
	}
	tms.unread = walkModule(root, goSource, goDDLBudget, func(rel string, data []byte) {
		if !bytes.Contains(data, []byte("INSERT")) && !bytes.Contains(data, []byte("insert")) {
			return
		}
		for name, tm := range methodDecls(rel, data) {
			tms.byName[name] = append(tms.byName[name], tm)
		}
	})
	actual, _ := moduleTextMethods.LoadOrStore(root, tms)
	return actual.(*textMethods)
}

// methodDecls returns the file's method declarations by name, each with
// the writes its body's SQL literals run. It reads tokens, not syntax:
// a file is tokenised once, and a method's body is found by its braces.
func methodDecls(name string, src []byte) iter.Seq2[string, textMethod] {
	return func(yield func(string, textMethod) bool) {
		fset := token.NewFileSet()
		file := fset.AddFile(name, -1, len(src))
		var s scanner.Scanner
		s.Init(file, src, nil, 0)
		toks := newTokenReader(&s, file)
		for {
			tok := toks.next()
			if tok.tok == token.EOF {
				return
			}
			if tok.tok != token.FUNC || toks.depth != 0 {
				continue
			}
			recv, method, params, results, body, ok := toks.methodHeader()
			if !ok {
				continue
			}
			tm := textMethod{recv: recv, params: params, results: results}
			for _, text := range stringConstants(name, src[body.start:body.end]) {
				for _, st := range sqlclass.ClassifyAll(text) {
					switch st.Kind {
					case sqlclass.Insert, sqlclass.Update, sqlclass.Delete, sqlclass.Merge:
						tm.writes = append(tm.writes, st)
					}
				}
			}
			if !yield(method, tm) {
				return
			}
		}
	}
}

// scanned is one token and where it starts.
type scanned struct {
	tok    token.Token
	lit    string
	offset int
}

// tokenReader hands out a file's tokens and keeps their brace depth.
type tokenReader struct {
	s     *scanner.Scanner
	file  *token.File
	depth int
}

func newTokenReader(s *scanner.Scanner, file *token.File) *tokenReader {
	return &tokenReader{s: s, file: file}
}

func (r *tokenReader) next() scanned {
	pos, tok, lit := r.s.Scan()
	switch tok {
	case token.LBRACE:
		r.depth++
	case token.RBRACE:
		r.depth--
	}
	return scanned{tok: tok, lit: lit, offset: r.file.Offset(pos)}
}

// span is a byte range of the file.
type span struct{ start, end int }

// methodHeader reads what follows func: a receiver, a name, the
// parameters and results (counted as go/types counts them: a, b int is
// two), and the body's span. ok is false for a function without a
// receiver, or one without a body.
func (r *tokenReader) methodHeader() (recv, method string, params, results int, body span, ok bool) {
	if r.next().tok != token.LPAREN {
		return
	}
	var idents []string
	for t := r.next(); t.tok != token.RPAREN; t = r.next() {
		switch t.tok {
		case token.EOF:
			return
		case token.IDENT:
			idents = append(idents, t.lit)
		case token.LBRACK:
			r.skipTo(token.RBRACK) // a generic receiver's type parameters
		}
	}
	if len(idents) == 0 {
		return
	}
	recv = idents[len(idents)-1]
	name := r.next()
	if name.tok != token.IDENT || r.next().tok != token.LPAREN {
		return
	}
	method = name.lit
	params = r.countList()
	t := r.next()
	switch t.tok {
	case token.LBRACE:
	case token.LPAREN:
		results = r.countList()
		t = r.next()
	default:
		results = 1
		for t.tok != token.LBRACE && t.tok != token.EOF && t.tok != token.SEMICOLON {
			t = r.next()
		}
	}
	if t.tok != token.LBRACE {
		return
	}
	start, depth := t.offset, r.depth
	for t = r.next(); r.depth >= depth && t.tok != token.EOF; t = r.next() {
	}
	if t.tok == token.EOF {
		return
	}
	return recv, method, params, results, span{start, t.offset + 1}, true
}

// countList reads a parenthesised list after its opening parenthesis and
// returns how many entries it has: its top-level commas and one, none
// when empty.
func (r *tokenReader) countList() int {
	n, parens, empty := 1, 0, true
	for t := r.next(); t.tok != token.EOF; t = r.next() {
		switch t.tok {
		case token.LPAREN, token.LBRACK:
			parens++
		case token.RBRACK:
			parens--
		case token.RPAREN:
			if parens == 0 {
				if empty {
					return 0
				}
				return n
			}
			parens--
		case token.COMMA:
			if parens == 0 && r.depth == 0 {
				n++
			}
		}
		empty = false
	}
	return n
}

// skipTo reads up to and including the closing token.
func (r *tokenReader) skipTo(closing token.Token) {
	for t := r.next(); t.tok != closing && t.tok != token.EOF; t = r.next() {
	}
}
