package dataaccess

import (
	"bytes"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// Services wire their stores in main: the service calls repo.Payments,
// pgstore implements it, and neither package imports the other, so
// neither facts nor the packages in reach show what Record does. Where
// its name says nothing of the kind, the module's Go files are read for
// it, as text: the methods of that name, on types that declare every
// method of the interface, whose parameters and results count as the
// interface's, and the SQL in their bodies and in the
// helpers of their file they call (applyPing(ctx, tx, p)), two calls
// deep. When every such method runs one write and it is an INSERT that
// keeps the first row (ON CONFLICT DO NOTHING, INSERT IGNORE), the call
// is that conditional insert: the store drops a second caller's row
// without a word, after whatever the caller did before it. When it is a
// plain INSERT, the call is an insert: an existence check of the same
// store before it races with it. When every one
// adds to a value (SET n = n + $1) and claims nothing first, the call is
// that relative update: a redelivered message adds again.

// helperDepth is how many calls deep a method's helpers are read.
const helperDepth = 2

// methodFiles indexes, once per process and module root, the files that
// declare each method name and spell SQL that writes; a file is parsed
// only when a method it declares is asked for.
var methodFiles sync.Map // root → *methodIndex

type methodIndex struct {
	files map[string][]string // method name → files relative to the root
	// methodSets holds, by directory and receiver type ("store/pg.Tracking"),
	// the names of the methods the type declares, in every file: an
	// implementation declares all of its interface's.
	methodSets map[string]map[string]bool
	// sqlless holds, by method name, the types ("store/pg.Tracking") that
	// declare it in a file that spells no write: an implementation that
	// runs no SQL (a mock, a cache in front of the store).
	sqlless map[string][]string
	unread  bool // the walk's budget cut it
	mu      sync.Mutex
	parsed  map[string][]*textFunc // file → its declarations, with writes
	writes  map[*textFunc][]sqlclass.Statement
}

// fromUnseenImplementations classifies a call of a module interface's
// method, none of whose implementations is in reach, by what every
// implementation the module's text declares writes.
func (m *modeler) fromUnseenImplementations(op *Op, c *ssa.CallCommon, f *types.Func) bool {
	dir := packageDir(m.pass)
	if !m.isModuleInterface(f) || apis.ByName(f.Name()) == apis.Read || dir == "" {
		return false
	}
	root := scriptsRoot(dir)
	index := readMethodIndex(root)
	if index.unread {
		return false
	}
	sig, iface := f.Type().(*types.Signature), declaringInterface(f)
	if iface == nil {
		return false
	}
	for _, typ := range index.sqlless[f.Name()] {
		if index.declaresAll(typ, iface) {
			return false // an implementation that runs no SQL
		}
	}
	var shared *sqlclass.Statement
	for _, tf := range index.declarations(root, f.Name()) {
		if tf.params != sig.Params().Len() || tf.results != sig.Results().Len() || !index.implements(tf, iface) {
			continue
		}
		st := index.decisiveWrite(tf)
		if st == nil || shared != nil && writeKind(*shared) != writeKind(*st) {
			return false // an implementation that writes otherwise, or not at all
		}
		shared = st
	}
	if shared == nil || writeKind(*shared) == apis.Insert && !silentSignature(f) {
		return false // a plain insert whose name or answer tells more (InsertIfAbsent, created bool)
	}
	m.fromName(op, c, writeKind(*shared))
	if op.Kind == apis.Update {
		// What it adds to decides a redelivery's finding. An insert keeps
		// the resource its name gives: the store's other methods (its
		// existence check) are named for the same one.
		op.SQL = shared
	}
	return true
}

// writeKind is what a decisive write makes of the call: a conditional
// insert when it keeps the first row, a plain insert, or an update.
func writeKind(st sqlclass.Statement) apis.Kind {
	switch {
	case keepsFirstRow(st):
		return apis.CondInsert
	case plainInsert(st):
		return apis.Insert
	}
	return apis.Update
}

// plainInsert reports whether st inserts with no word on a clash: the
// second caller's insert fails on a unique key, or adds a second row.
// An upsert (ON CONFLICT DO UPDATE, ON DUPLICATE KEY UPDATE) is neither.
func plainInsert(st sqlclass.Statement) bool {
	return st.Kind == sqlclass.Insert && !st.OnConflict && !st.InsertIfAbsent
}

// silentSignature reports whether a method says nothing of what it
// writes by its name or its results: the name's kind is unknown and it
// returns only an error, so the text of its implementations decides.
func silentSignature(f *types.Func) bool {
	res := f.Type().(*types.Signature).Results()
	return apis.ByName(f.Name()) == apis.None && res.Len() == 1 && ssautil.IsError(res.At(0).Type())
}

// keepsFirstRow reports whether an INSERT leaves the row a twin made and
// inserts nothing.
func keepsFirstRow(st sqlclass.Statement) bool {
	return st.Kind == sqlclass.Insert && (st.OnConflictDoNothing || st.InsertIfAbsent)
}

// readMethodIndex finds, once per process and root, the methods each
// non-test Go file of the module declares, among the files that spell
// an INSERT or an UPDATE: a method declaration starts a line with
// "func (", so the lines are read, not the syntax. A module whose go.mod
// requires no SQL driver is not read.
func readMethodIndex(root string) *methodIndex {
	if cached, ok := methodFiles.Load(root); ok {
		return cached.(*methodIndex)
	}
	index := &methodIndex{files: map[string][]string{}, methodSets: map[string]map[string]bool{}, sqlless: map[string][]string{},
		parsed: map[string][]*textFunc{}, writes: map[*textFunc][]sqlclass.Statement{}}
	if gomod, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil && !apis.RequiresSQLDriver(gomod) {
		// No SQL of its own (kubernetes, an SDK): no walk of its files.
		actual, _ := methodFiles.LoadOrStore(root, index)
		return actual.(*methodIndex)
	}
	index.unread = walkModule(root, goSource, goDDLBudget, func(rel string, data []byte) {
		writes, dir := spellsWrite(data), path.Dir(filepath.ToSlash(rel))
		for line := range bytes.Lines(data) {
			recv, name := declaredMethod(line)
			if name == "" {
				continue
			}
			set := index.methodSets[dir+"."+recv]
			if set == nil {
				set = map[string]bool{}
				index.methodSets[dir+"."+recv] = set
			}
			set[name] = true
			switch {
			case !writes:
				index.sqlless[name] = append(index.sqlless[name], dir+"."+recv)
			case !slices.Contains(index.files[name], rel):
				index.files[name] = append(index.files[name], rel)
			}
		}
	})
	actual, _ := methodFiles.LoadOrStore(root, index)
	return actual.(*methodIndex)
}

// declaredMethod returns the receiver type and the name of the method a
// line declares, "func (s *T) Name(" or "func (T[K]) Name(", or "".
func declaredMethod(line []byte) (recv, name string) {
	rest, ok := bytes.CutPrefix(line, []byte("func ("))
	if !ok {
		return "", ""
	}
	receiver, rest, ok := bytes.Cut(rest, []byte(")"))
	if !ok {
		return "", ""
	}
	receiver, _, _ = bytes.Cut(receiver, []byte("["))
	fields := bytes.Fields(bytes.TrimSpace(receiver))
	if len(fields) == 0 {
		return "", ""
	}
	recv = string(bytes.TrimLeft(fields[len(fields)-1], "*"))
	rest = bytes.TrimLeft(rest, " ")
	end := bytes.IndexAny(rest, "([ ")
	if end <= 0 || recv == "" {
		return "", ""
	}
	return recv, string(rest[:end])
}

// implements reports whether tf's receiver type declares every method
// of iface.
func (index *methodIndex) implements(tf *textFunc, iface *types.Interface) bool {
	return index.declaresAll(path.Dir(filepath.ToSlash(tf.file))+"."+tf.recv, iface)
}

// declaresAll reports whether the type ("store/pg.Tracking") declares
// every method of iface.
func (index *methodIndex) declaresAll(typ string, iface *types.Interface) bool {
	set := index.methodSets[typ]
	for i := range iface.NumMethods() {
		if !set[iface.Method(i).Name()] {
			return false
		}
	}
	return true
}

// spellsWrite is a cheap filter before a file is indexed: SQL in Go
// source is written in one case.
func spellsWrite(data []byte) bool {
	for _, word := range [][]byte{[]byte("INSERT"), []byte("insert"), []byte("UPDATE"), []byte("update")} {
		if bytes.Contains(data, word) {
			return true
		}
	}
	return false
}

// declarations returns the methods named name that the indexed files
// declare, parsing each file once.
func (index *methodIndex) declarations(root, name string) []*textFunc {
	index.mu.Lock()
	defer index.mu.Unlock()
	var out []*textFunc
	for _, rel := range index.files[name] {
		funcs, ok := index.parsed[rel]
		if !ok {
			funcs = index.parse(root, rel)
			index.parsed[rel] = funcs
		}
		for _, tf := range funcs {
			if tf.name == name && tf.recv != "" {
				out = append(out, tf)
			}
		}
	}
	return out
}

// parse reads one file's declarations and the writes of each body's SQL
// literals; the bodies are not kept.
func (index *methodIndex) parse(root, rel string) []*textFunc {
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		return nil
	}
	funcs, _, _ := parseFuncs(rel, data)
	for _, tf := range funcs {
		for _, text := range stringConstants(rel, tf.body) {
			for _, st := range sqlclass.ClassifyAll(text) {
				switch {
				case st.Kind == sqlclass.Insert && !insertInto.MatchString(text):
					// "insert zone: %w": an error message, not SQL
				case st.Kind == sqlclass.Insert, st.Kind == sqlclass.Update, st.Kind == sqlclass.Delete, st.Kind == sqlclass.Merge:
					index.writes[tf] = append(index.writes[tf], st)
				}
			}
		}
		tf.body = nil
	}
	return funcs
}

// insertInto matches the INSERT ... INTO every SQL dialect in use spells
// (INSERT IGNORE INTO, INSERT OR REPLACE INTO): a literal that says
// "insert" without it is prose, an error message wrapped with %w.
var insertInto = regexp.MustCompile(`(?i)\binsert\s+(?:(?:ignore|or\s+\w+)\s+)?into\b`)

// decisiveWrite returns what a method's writes, with its helpers', come
// to: its one write when that is an INSERT that keeps the first row or a
// plain one (not an upsert), or a relative update when it runs one and
// claims nothing first; nil otherwise.
func (index *methodIndex) decisiveWrite(tf *textFunc) *sqlclass.Statement {
	index.mu.Lock()
	defer index.mu.Unlock()
	writes := index.writesOf(tf, index.parsed[tf.file], helperDepth, map[*textFunc]bool{})
	if len(writes) == 1 && (keepsFirstRow(writes[0]) || plainInsert(writes[0])) {
		return &writes[0]
	}
	var relative *sqlclass.Statement
	for i, st := range writes {
		if keepsFirstRow(st) {
			return nil // a claim first: the rest runs once per key
		}
		if st.Kind == sqlclass.Update && st.Relative && !st.Transition && relative == nil {
			relative = &writes[i]
		}
	}
	return relative
}

// writesOf returns the writes of tf and of the functions of its file it
// calls bare or on its receiver, depth calls deep.
func (index *methodIndex) writesOf(tf *textFunc, file []*textFunc, depth int, seen map[*textFunc]bool) []sqlclass.Statement {
	if seen[tf] {
		return nil
	}
	seen[tf] = true
	writes := append([]sqlclass.Statement(nil), index.writes[tf]...)
	if depth == 0 {
		return writes
	}
	for _, call := range tf.calls {
		if call.on != "" {
			continue // a call on another value: another store's
		}
		for _, callee := range file {
			if callee.name == call.name && (callee.recv == "" || callee.recv == tf.recv) {
				writes = append(writes, index.writesOf(callee, file, depth-1, seen)...)
			}
		}
	}
	return writes
}
