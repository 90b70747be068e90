package dataaccess

import (
	"bytes"
	"go/scanner"
	"go/token"
	"strconv"
	"strings"
	"sync"

	"github.com/idemvet/idemvet/internal/sqlclass"
)

// A service often creates its schema from Go rather than from .sql files:
// a migrate package with the statements in constants, a store's
// ensureSchema, a cmd that runs CREATE UNIQUE INDEX at start. That code
// rarely sits in the package whose insert needs the unique key, nor in
// one it imports, so neither the package's own DDL strings nor facts see
// it. The module's Go files are read for it instead, as text: string
// literals, and literals joined by +, whose SQL creates or alters a table.
// A literal joined with a name (a table prefix) is read piecewise and so
// declares nothing, which withholds a fix rather than inventing a key.
// Test files are left out: a test's schema is not the production one.

// goDDLBudget bounds the Go files read for DDL strings: a module's Go
// code is far larger than its scripts, and only files that spell a DDL
// keyword are scanned past the read.
var goDDLBudget = walkBudget{files: 40000, bytes: 512 << 20}

var moduleGoSchemas sync.Map // root → *scriptTables

// moduleGoDDL returns the tables the DDL strings of the module's non-test
// Go files declare, once per process and root.
func moduleGoDDL(root string) *scriptTables {
	if cached, ok := moduleGoSchemas.Load(root); ok {
		return cached.(*scriptTables)
	}
	st := &scriptTables{tables: map[string]*Schema{}}
	st.unread = walkModule(root, goSource, goDDLBudget, func(rel string, data []byte) {
		if !spellsDDL(data) {
			return
		}
		for _, text := range stringConstants(rel, data) {
			if lower := strings.ToLower(text); strings.Contains(lower, "create") || strings.Contains(lower, "alter") {
				st.add(sqlclass.Schemas(text), rel)
			}
		}
	})
	actual, _ := moduleGoSchemas.LoadOrStore(root, st)
	return actual.(*scriptTables)
}

// spellsDDL is a cheap filter before a file is tokenised: SQL in Go
// source is written in one case.
func spellsDDL(data []byte) bool {
	for _, word := range [][]byte{[]byte("CREATE "), []byte("create "), []byte("ALTER TABLE"), []byte("alter table")} {
		if bytes.Contains(data, word) {
			return true
		}
	}
	return false
}

// stringConstants returns the file's string literals, each run of
// literals joined by + as one string.
func stringConstants(name string, src []byte) []string {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile(name, -1, len(src)), src, nil, 0)
	var out []string
	var run strings.Builder
	inRun, joined := false, false
	flush := func() {
		if inRun {
			out = append(out, run.String())
		}
		run.Reset()
		inRun, joined = false, false
	}
	for {
		_, tok, lit := s.Scan()
		switch tok {
		case token.EOF:
			flush()
			return out
		case token.STRING:
			text, err := strconv.Unquote(lit)
			if err != nil {
				flush()
				continue
			}
			if inRun && !joined {
				flush() // two literals not joined by +: separate strings
			}
			run.WriteString(text)
			inRun, joined = true, false
		case token.ADD:
			if !inRun {
				continue
			}
			if joined {
				flush() // "a" + + is not a literal run
				continue
			}
			joined = true
		default:
			flush()
		}
	}
}
