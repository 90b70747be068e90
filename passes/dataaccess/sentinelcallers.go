package dataaccess

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A repository maps its unique violation to a sentinel (ErrAlreadyExists)
// and leaves the answer to the layers above: the service hands it on, the
// handler answers it with 409 or the stored row, the consumer acks. When
// no caller tests it, the sentinel is no answer at all: the retry of a
// create that succeeded, or a redelivered message, takes the generic
// error path (a 500, a nack that redelivers it forever) for the row its
// own first attempt stored.
//
// The callers live in packages that import this one, out of its sight,
// so the module's Go files are read as text, as SentinelTestedElsewhere
// reads them, but caller by caller: the functions that call the method by
// its name on a receiver whose name does not name another type (a field
// Bookings calls the bookings store, not the shipments one), the
// functions that call those, and so on a few levels up. The sentinel is
// answered when one of them tests it, or hands the error to a function
// that does (a writeError with a case for it), or when a package-level table names it
// (map[error]int{store.ErrExists: 409}). Names decide, so the walk errs
// towards "answered": a receiver named for no type (s, repo, svc) calls
// every type's method of that name.

// CallerAnswer is what the module's text says of the callers of a
// function that returns a sentinel.
type CallerAnswer struct {
	// Answered is set when a caller chain tests the sentinel, or a
	// package-level table names it.
	Answered bool
	// Caller names a caller found ("Type.Method" or "Func", with its
	// file), when the sentinel is not answered; "" when the text shows
	// no caller at all, which says nothing.
	Caller string
	// Unsure is set when a walk's budget ended it, or when the module
	// has no main package (its callers may be other modules): nothing
	// may be concluded.
	Unsure bool
}

// callerLevels bounds how many calls up from the function the walk goes:
// a repository, a service, a handler and the router's wrapper.
const callerLevels = 4

// callerTextBudget bounds each walk of the module's Go files, as
// goDDLBudget bounds the walk for DDL: a module past it leaves the walk
// unsure.
var callerTextBudget = goDDLBudget

var sentinelCallers sync.Map // root + "\x00" + sentinel + "\x00" + function → CallerAnswer

// SentinelAnsweredByCallers reports what the module's callers of fn make
// of sentinel ("path.Name", as GlobalName spells it), which fn returns for
// a unique violation. The module's files are read again for each level
// of callers and kept only while a file is looked at: a unit's process
// holds no copy of the module.
func (r *Result) SentinelAnsweredByCallers(sentinel string, fn *types.Func) CallerAnswer {
	dot := strings.LastIndexByte(sentinel, '.')
	if r.dir == "" || dot < 0 || fn.Pkg() == nil {
		return CallerAnswer{Unsure: true}
	}
	root := scriptsRoot(r.dir)
	key := root + "\x00" + sentinel + "\x00" + fn.FullName()
	if cached, ok := sentinelCallers.Load(key); ok {
		return cached.(CallerAnswer)
	}
	answer := callerWalk{root: root}.answer(path.Base(sentinel[:dot]), sentinel[dot+1:], fn)
	sentinelCallers.Store(key, answer)
	return answer
}

// callerWalk reads a module's non-test Go files for the callers of a
// function.
type callerWalk struct{ root string }

// textFunc is a function declaration read from the text.
type textFunc struct {
	id    string // file and offset: the same declaration in every walk
	file  string
	name  string
	recv  string // the receiver's type name, "" for a function
	owner string // the receiver's type name (or, when that names no entity, its package's), normalised by receiverKey
	// params and results count as go/types counts them (a, b int is two).
	params, results int
	body            []byte // only while its file is looked at
	calls           []textCall
	// takesError is set when a parameter is an error: a helper that
	// tests the error it is handed (writeError(w, err)) answers for its
	// callers, one that tests its own (a sibling service method) does not.
	takesError bool
}

// textCall is a call in a function's body: the name called and the
// identifier it is called on (the field or variable before the dot),
// normalised by receiverKey; on is "" for a bare call or a receiver that
// names nothing.
type textCall struct{ on, name string }

// walk visits the module's non-test Go files within callerTextBudget;
// it returns whether the budget cut it.
func (w callerWalk) walk(visit func(rel string, data []byte)) (cut bool) {
	return walkModule(w.root, goSource, callerTextBudget, visit)
}

// parseFuncs returns the function declarations of one file, their
// bodies pointing into data, and the file's syntax.
func parseFuncs(rel string, data []byte) ([]*textFunc, *ast.File, *token.FileSet) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, rel, data, parser.SkipObjectResolution)
	if err != nil || file == nil {
		return nil, nil, nil
	}
	pkgKey := receiverKey(file.Name.Name)
	var funcs []*textFunc
	for _, decl := range file.Decls {
		d, ok := decl.(*ast.FuncDecl)
		if !ok || d.Body == nil {
			continue
		}
		at := fset.Position(d.Pos()).Offset
		tf := &textFunc{id: rel + "#" + strconv.Itoa(at), file: rel, name: d.Name.Name,
			params: d.Type.Params.NumFields(), results: d.Type.Results.NumFields()}
		if d.Recv != nil && len(d.Recv.List) == 1 {
			tf.recv = typeName(d.Recv.List[0].Type)
			tf.owner = receiverKey(tf.recv)
			if tf.owner == "" {
				tf.owner = pkgKey
			}
		}
		for _, param := range d.Type.Params.List {
			if id, ok := param.Type.(*ast.Ident); ok && id.Name == "error" {
				tf.takesError = true
			}
		}
		tf.body = data[fset.Position(d.Body.Lbrace).Offset : fset.Position(d.Body.Rbrace).Offset+1]
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				switch fun := ast.Unparen(call.Fun).(type) {
				case *ast.Ident:
					tf.calls = append(tf.calls, textCall{name: fun.Name})
				case *ast.SelectorExpr:
					tf.calls = append(tf.calls, textCall{on: receiverKey(lastName(fun.X)), name: fun.Sel.Name})
				}
			}
			return true
		})
		funcs = append(funcs, tf)
	}
	return funcs, file, fset
}

// answer walks up from fn's callers, callerLevels calls, for a test of
// qualifier.name: one walk for the tests and tables, then one per level.
func (w callerWalk) answer(qualifier, name string, fn *types.Func) CallerAnswer {
	needle := []byte(qualifier + "." + name)
	// The sentinel's own package spells it bare (an IsConflict helper
	// beside ErrConflict).
	own := []byte("package " + qualifier + "\n")
	var (
		testers, handedTesters  []*textFunc
		tested, tabled, hasMain bool
	)
	cut := w.walk(func(rel string, data []byte) {
		if bytes.Contains(data, []byte("package main")) && bytes.Contains(data, []byte("func main()")) {
			hasMain = true
		}
		spelt, bare := bytes.Contains(data, needle), bytes.Contains(data, own) && bytes.Contains(data, []byte(name))
		if !spelt && !bare {
			return
		}
		funcs, file, fset := parseFuncs(rel, data)
		if spelt && namedInTable(file, fset, data, needle) {
			tabled = true
		}
		for _, tf := range funcs {
			if spelt && testsSentinel(rel, tf.body, qualifier, name) || bare && testsSentinel(rel, tf.body, "", name) {
				tf.body = nil
				testers = append(testers, tf)
				if tf.takesError {
					handedTesters = append(handedTesters, tf)
				}
			}
		}
	})
	switch {
	case cut || !hasMain:
		return CallerAnswer{Unsure: true}
	case tabled:
		return CallerAnswer{Answered: true}
	}
	target := &textFunc{name: fn.Name(), owner: ownerKey(fn)}
	frontier := []*textFunc{target}
	reached := map[string]bool{}
	var first *textFunc
	for level := 0; level < callerLevels && len(frontier) > 0 && !tested; level++ {
		var next []*textFunc
		cut = w.walk(func(rel string, data []byte) {
			if tested || !spellsCallOf(data, frontier) {
				return
			}
			funcs, _, _ := parseFuncs(rel, data)
			for _, tf := range funcs {
				tf.body = nil
				if reached[tf.id] || tf.name == target.name && tf.owner == target.owner || !callsAny(tf, frontier) {
					continue
				}
				reached[tf.id] = true
				if first == nil || testSupport(first.file) && !testSupport(tf.file) {
					first = tf
				}
				if slices.ContainsFunc(testers, func(t *textFunc) bool { return t.id == tf.id }) || callsAny(tf, handedTesters) {
					tested = true
					return
				}
				next = append(next, tf)
			}
		})
		if cut {
			return CallerAnswer{Unsure: true}
		}
		frontier = next
	}
	switch {
	case tested:
		return CallerAnswer{Answered: true}
	case first == nil:
		return CallerAnswer{}
	}
	caller := first.name
	if first.recv != "" {
		caller = first.recv + "." + caller
	}
	return CallerAnswer{Caller: caller + " (" + first.file + ")"}
}

// testSupport reports whether a file's path says it serves tests (a
// seeding package, mocks, fixtures): a caller there is poor evidence to
// name when a production one exists.
func testSupport(rel string) bool {
	lower := strings.ToLower(rel)
	for _, word := range []string{"test", "mock", "fixture", "seed", "fake"} {
		if strings.Contains(lower, word) {
			return true
		}
	}
	return false
}

// spellsCallOf is a cheap filter before a file is parsed: it spells
// one of the names followed by a parenthesis.
func spellsCallOf(data []byte, funcs []*textFunc) bool {
	for _, tf := range funcs {
		if bytes.Contains(data, []byte(tf.name+"(")) {
			return true
		}
	}
	return false
}

// callsAny reports whether caller calls one of funcs: by its name, on a
// receiver whose name is compatible with the function's owner.
func callsAny(caller *textFunc, funcs []*textFunc) bool {
	for _, c := range caller.calls {
		for _, tf := range funcs {
			if c.name == tf.name && sameOwner(c.on, tf.owner) {
				return true
			}
		}
	}
	return false
}

// sameOwner reports whether a call on a receiver named on may reach a
// method of owner: either names nothing, or one name holds the other
// (shipments and ShipmentStore; not bookings and shipments).
func sameOwner(on, owner string) bool {
	return on == "" || owner == "" || strings.Contains(on, owner) || strings.Contains(owner, on)
}

// ownerKey is receiverKey of fn's receiver type, or of its package's name
// when the type's name says nothing (Store, Service).
func ownerKey(fn *types.Func) string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	recv := sig.Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	if named, ok := recv.(*types.Named); ok {
		if key := receiverKey(named.Obj().Name()); key != "" {
			return key
		}
	}
	return receiverKey(fn.Pkg().Name())
}

// genericWords name a layer, not what it holds: userRepo is "user",
// ShipmentStore is "shipment", svc is nothing.
var genericWords = []string{"repository", "repo", "storage", "store", "service", "svc", "srv", "server", "dao", "impl", "client", "manager", "mgr", "handler", "controller", "database", "db", "queries", "querier", "usecase", "api"}

// receiverKey normalises a type, field or variable name for sameOwner:
// lower case, the layer's word and a plural s dropped; "" for a name too
// short or too generic to say which type it is.
func receiverKey(name string) string {
	key := strings.ToLower(name)
	for changed := true; changed; {
		changed = false
		for _, w := range genericWords {
			if rest, ok := strings.CutSuffix(key, w); ok {
				key, changed = rest, true
			}
			if rest, ok := strings.CutPrefix(key, w); ok && rest != "" {
				key, changed = rest, true
			}
		}
	}
	key = strings.TrimSuffix(key, "s")
	if len(key) < 3 {
		return ""
	}
	return key
}

// typeName returns the name of a receiver's type expression: T, *T,
// T[K], *T[K].
func typeName(expr ast.Expr) string {
	switch t := expr.(type) {
	case *ast.StarExpr:
		return typeName(t.X)
	case *ast.IndexExpr:
		return typeName(t.X)
	case *ast.IndexListExpr:
		return typeName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

// lastName returns the last identifier of the expression a method is
// called on: s.shipments in s.shipments.Create, repo() in s.repo().Create.
func lastName(expr ast.Expr) string {
	switch x := ast.Unparen(expr).(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.CallExpr:
		return lastName(x.Fun)
	case *ast.IndexExpr:
		return lastName(x.X)
	}
	return ""
}

// namedInTable reports whether a package-level variable's value names
// the sentinel in a composite literal: a table that maps errors to
// answers (map[error]int{store.ErrExists: 409}, a []error of the
// conflicts) is tested wherever the table is read.
func namedInTable(file *ast.File, fset *token.FileSet, data, needle []byte) bool {
	if file == nil {
		return false
	}
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.VAR {
			continue
		}
		found := false
		ast.Inspect(gen, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && !found {
				found = bytes.Contains(data[fset.Position(lit.Pos()).Offset:fset.Position(lit.End()).Offset], needle)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
