package dataaccess

import (
	"path/filepath"
	"reflect"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// Statements named by a struct tag: goyesql's loaders prepare every
// "-- name: X" section of the module's .sql files into the struct field
// tagged `query:"X"`, once at start-up, from files read at run time:
//
//	type Queries struct {
//		InsertSubscriber *sqlx.Stmt `query:"insert-subscriber"`
//	}
//	goyesqlx.ScanToStruct(&q, goyesql.ParseBytes(b), db)
//	q.InsertSubscriber.Exec(...)             // the INSERT of insert-subscriber
//
// Neither the preparing call nor the file name is visible where the
// statement runs; the tag is, and it names the section. The sections are
// those of every .sql file of the module, so a name two files define with
// different text names no statement.

// queryTag is the struct tag goyesql's ScanToStruct reads.
const queryTag = "query"

// taggedStatement returns the text of the section the struct field stmt
// is loaded from names in its `query` tag.
func (m *modeler) taggedStatement(stmt ssa.Value) (string, bool) {
	var base ssa.Value
	var field int
	switch x := Unwrap(stmt).(type) {
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok {
			return "", false
		}
		base, field = fa.X, fa.Field
	case *ssa.Field:
		base, field = x.X, x.Field
	default:
		return "", false
	}
	st, ok := ssautil.DerefStruct(base.Type())
	if !ok || field >= st.NumFields() {
		return "", false
	}
	if st.Field(field).Embedded() {
		// sqlx's Stmt embeds *sql.Stmt, whose Exec it promotes: the
		// statement is the struct that embeds it.
		return m.taggedStatement(base)
	}
	name := reflect.StructTag(st.Tag(field)).Get(queryTag)
	if name == "" || len(m.pass.Files) == 0 {
		return "", false
	}
	dir := filepath.Dir(m.pass.Fset.File(m.pass.Files[0].FileStart).Name())
	text, ok := moduleSections(scriptsRoot(dir))[name]
	return text, ok
}

// moduleSectionsByRoot caches moduleSections per module root: the files
// are the same for every package of the module.
var moduleSectionsByRoot sync.Map

// moduleSections returns the "-- name: X" sections of the module's .sql
// files (walkModuleSQL's), without the names two files give different text.
func moduleSections(root string) map[string]string {
	if v, ok := moduleSectionsByRoot.Load(root); ok {
		return v.(map[string]string)
	}
	sections := map[string]string{}
	ambiguous := map[string]bool{}
	// A walk the budget cut short leaves the names it did not reach
	// unknown: their statements stay unclassified, never guessed.
	walkModuleSQL(root, func(_ string, data []byte) {
		for name, q := range namedSections(string(data)) {
			if old, seen := sections[name]; seen && old != q {
				ambiguous[name] = true
			}
			sections[name] = q
		}
	})
	for name := range ambiguous {
		delete(sections, name)
	}
	v, _ := moduleSectionsByRoot.LoadOrStore(root, sections)
	return v.(map[string]string)
}
