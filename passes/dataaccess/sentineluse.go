package dataaccess

import (
	"bytes"
	"go/scanner"
	"go/token"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// A layered service tests the sentinel a unique violation became in
// another package than the one that returns it: the repository maps 23505
// to store.ErrDuplicate, the service hands it on, and the handler answers
// errors.Is(err, store.ErrDuplicate) with 409 or the existing record.
// Facts flow from a package to the packages importing it, never back, so
// the package that holds the race cannot see that handler. The module's
// other Go files are read for such a test instead, as text, the way
// schemagoddl.go reads them for DDL: the sentinel, qualified by its
// package's name, compared in errors.Is, ==, != or a case clause.

var sentinelTests sync.Map // root + "\x00" + dir + "\x00" + qualified name → sentinelUse

type sentinelUse struct{ tested, cut bool }

// SentinelTestedElsewhere reports whether a non-test Go file of the
// module, outside the package's own directory, tests the error against
// sentinel ("path.Name", as GlobalName spells it); cut is set when the
// walk's budget ended it before it found one, which the caller must not
// read as "nobody tests it".
func (r *Result) SentinelTestedElsewhere(sentinel string) (tested, cut bool) {
	dot := strings.LastIndexByte(sentinel, '.')
	if r.dir == "" || dot < 0 {
		return false, false
	}
	// A package is imported under the last element of its path, which is
	// its name in all but a few modules (a /v2 suffix, a name of its own).
	qualifier, name := path.Base(sentinel[:dot]), sentinel[dot+1:]
	root := scriptsRoot(r.dir)
	key := root + "\x00" + r.dir + "\x00" + qualifier + "." + name
	if cached, ok := sentinelTests.Load(key); ok {
		use := cached.(sentinelUse)
		return use.tested, use.cut
	}
	var use sentinelUse
	elsewhere := func(rel string) bool {
		return goSource(rel) && filepath.Join(root, filepath.Dir(rel)) != r.dir
	}
	needle := []byte(qualifier + "." + name)
	use.cut = walkModule(root, elsewhere, goDDLBudget, func(rel string, data []byte) {
		if !use.tested && bytes.Contains(data, needle) && testsSentinel(rel, data, qualifier, name) {
			use.tested = true
		}
	})
	if use.tested {
		use.cut = false
	}
	sentinelTests.Store(key, use)
	return use.tested, use.cut
}

// testsSentinel reports whether the source compares an error with
// qualifier.name: errors.Is(err, q.Name), err == q.Name, q.Name != err,
// case q.Name; with qualifier "", the bare name, as the sentinel's own
// package spells it. Returning it or wrapping it (return nil, q.Name;
// fmt.Errorf("%w", q.Name)) tests nothing.
func testsSentinel(fileName string, src []byte, qualifier, name string) bool {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile(fileName, -1, len(src)), src, nil, 0)
	var (
		calls     []string // the function each open parenthesis calls, "" for a grouping
		caseDepth = -1     // the parenthesis depth of an open case clause, or -1
		last      [4]token.Token
		lastLit   [4]string // last[3] is the token before this one
	)
	named := func(i int) bool { // last[i:i+3] spell qualifier.name, or end in a bare name
		if qualifier == "" {
			return last[i+1] != token.PERIOD && last[i+2] == token.IDENT && lastLit[i+2] == name
		}
		return last[i] == token.IDENT && lastLit[i] == qualifier && last[i+1] == token.PERIOD && last[i+2] == token.IDENT && lastLit[i+2] == name
	}
	for {
		_, tok, lit := s.Scan()
		switch tok {
		case token.EOF:
			return false
		case token.EQL, token.NEQ: // q.Name == err
			if named(1) {
				return true
			}
		case token.LPAREN:
			callee := ""
			if last[3] == token.IDENT {
				callee = lastLit[3]
			}
			calls = append(calls, callee)
		case token.RPAREN:
			if len(calls) > 0 {
				calls = calls[:len(calls)-1]
			}
		case token.CASE:
			caseDepth = len(calls)
		case token.COLON:
			if len(calls) == caseDepth {
				caseDepth = -1
			}
		case token.IDENT:
			qualified := last[3] == token.PERIOD && last[2] == token.IDENT && lastLit[2] == qualifier
			if qualifier == "" {
				qualified = last[3] != token.PERIOD
			}
			if lit == name && qualified {
				prev := last[1]
				if qualifier == "" {
					prev = last[3]
				}
				inIs := len(calls) > 0 && calls[len(calls)-1] == "Is"
				switch prev {
				case token.EQL, token.NEQ, token.CASE: // err == q.Name, case q.Name
					return true
				case token.COMMA: // errors.Is(err, q.Name), case a.X, q.Name
					if inIs || caseDepth == len(calls) {
						return true
					}
				case token.LPAREN:
					if inIs {
						return true
					}
				}
			}
		}
		copy(last[:], last[1:])
		copy(lastLit[:], lastLit[1:])
		last[3], lastLit[3] = tok, lit
	}
}
