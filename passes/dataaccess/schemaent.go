package dataaccess

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/idemvet/idemvet/internal/sqlclass"
)

// An ent module declares its tables in Go: the schema package (ent/schema
// by ent's layout) has a type per table whose Fields() and Indexes()
// methods list its columns and indexes, and ent's migration creates what
// they say. A package that queries those tables in SQL rarely imports the
// schema package, so it is read from the module's files, by their syntax:
// the schema is declarative code, written in a handful of shapes.
//
//	func (User) Fields() []ent.Field  { return []ent.Field{field.String("email").Unique()} }
//	func (User) Indexes() []ent.Index { return []ent.Index{index.Fields("org", "slug").Unique()} }
//	func (User) Annotations() []schema.Annotation { return []schema.Annotation{entsql.Annotation{Table: "people"}} }
//
// The table is ent's default, the snake-case plural of the type's name
// (User → users), unless an entsql.Annotation names it.

const (
	entPkg       = "entgo.io/ent"
	entFieldPkg  = "entgo.io/ent/schema/field"
	entIndexPkg  = "entgo.io/ent/schema/index"
	entSQLPkg    = "entgo.io/ent/dialect/entsql"
	entSchemaDir = "schema"
)

// entSchemas caches the tables of each module's ent schema by module root.
var entSchemas sync.Map // root → map[string]*Schema

// entTables returns the tables the ent schema under root declares, by
// table name; it reads the Go files of directories named schema, and of
// the module's packages their mixins come from, once per process.
func entTables(root string) map[string]*Schema {
	if cached, ok := entSchemas.Load(root); ok {
		return cached.(map[string]*Schema)
	}
	r := newEntReader(root)
	inSchemaDir := func(rel string) bool {
		return goSource(rel) && filepath.Base(filepath.Dir(rel)) == entSchemaDir
	}
	walkModule(root, inSchemaDir, scriptBudget, func(rel string, data []byte) {
		r.addFile(rel, data)
	})
	st := &scriptTables{tables: map[string]*Schema{}}
	for _, t := range r.schemaTypes() {
		st.add([]*sqlclass.TableSchema{r.withMixins(t).schema()}, t.file)
	}
	actual, _ := entSchemas.LoadOrStore(root, st.tables)
	return actual.(map[string]*Schema)
}

// entType is what one schema type's (or mixin's) methods declare.
type entType struct {
	file    string // relative to the module root
	table   string
	fields  []string          // in declaration order
	columns map[string]string // field name → column (StorageKey)
	unique  []string          // field names
	indexes []sqlclass.UniqueKey
	mixins  []entRef
	// branches is set when Fields or Indexes returns from more than one
	// place: what it declares then depends on the code's state (a
	// mixin's configuration), not on its text alone.
	branches bool
}

// addFile reads the types of one schema file, if it imports ent: their
// fields, indexes, table annotation and mixins.
func (r *entReader) addFile(rel string, data []byte) {
	file, err := parser.ParseFile(token.NewFileSet(), rel, data, parser.SkipObjectResolution)
	if err != nil {
		return
	}
	imports := map[string]string{} // local name → path
	for _, imp := range file.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndexByte(path, '/')+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imports[name] = path
	}
	if paths := slices.Collect(maps.Values(imports)); !slices.Contains(paths, entFieldPkg) && !slices.Contains(paths, entIndexPkg) && !slices.Contains(paths, entPkg) {
		return
	}
	dir := filepath.Dir(rel)
	r.read[dir] = true
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 || fn.Body == nil {
			continue
		}
		recv, ok := ast.Unparen(fn.Recv.List[0].Type).(*ast.Ident)
		if !ok {
			continue
		}
		t := r.typeOf(dir, recv.Name, rel)
		elems, returns := returnedElems(fn.Body)
		if (fn.Name.Name == "Fields" || fn.Name.Name == "Indexes") && returns > 1 {
			t.branches = true
		}
		for _, elem := range elems {
			switch fn.Name.Name {
			case "Fields":
				t.addField(elem, imports)
			case "Indexes":
				t.addIndex(elem, imports)
			case "Mixin":
				if ref, ok := r.mixinRef(elem, imports, dir); ok {
					t.mixins = append(t.mixins, ref)
				}
			case "Annotations":
				if table := entTableAnnotation(elem, imports); table != "" {
					t.table = table
				}
			}
		}
	}
}

// schema resolves the type's field names to columns: ent's id column is
// always a key.
func (t *entType) schema() *sqlclass.TableSchema {
	column := func(field string) string {
		if c, ok := t.columns[field]; ok {
			return c
		}
		return field
	}
	out := &sqlclass.TableSchema{Name: unqualifiedTable(t.table), Unique: []sqlclass.UniqueKey{{Columns: []string{"id"}}}}
	for _, field := range t.fields {
		out.Columns = append(out.Columns, column(field))
	}
	for _, field := range t.unique {
		out.Unique = append(out.Unique, sqlclass.UniqueKey{Columns: []string{column(field)}})
	}
	for _, index := range t.indexes {
		cols := make([]string, len(index.Columns))
		for i, f := range index.Columns {
			cols[i] = column(f)
		}
		out.Unique = append(out.Unique, sqlclass.UniqueKey{Columns: cols, Partial: index.Partial})
	}
	return out
}

// addField reads field.Kind("name")...: its column (StorageKey) and
// whether it is unique.
func (t *entType) addField(elem ast.Expr, imports map[string]string) {
	root, calls := entChain(elem, imports, entFieldPkg)
	if root == nil || len(root.Args) == 0 {
		return
	}
	name, ok := stringLit(root.Args[0])
	if !ok {
		return
	}
	t.fields = append(t.fields, name)
	t.columns[name] = name
	for _, call := range calls {
		switch call.Fun.(*ast.SelectorExpr).Sel.Name {
		case "StorageKey":
			if len(call.Args) == 1 {
				if col, ok := stringLit(call.Args[0]); ok {
					t.columns[name] = col
				}
			}
		case "Unique":
			t.unique = append(t.unique, name)
		}
	}
}

// addIndex reads index.Fields("a", "b")...Unique(). An index that also
// spans edges has columns ent names for itself: it is left out, as is one
// whose field names are not literal. A WHERE annotation makes it partial.
func (t *entType) addIndex(elem ast.Expr, imports map[string]string) {
	root, calls := entChain(elem, imports, entIndexPkg)
	if root == nil || root.Fun.(*ast.SelectorExpr).Sel.Name != "Fields" {
		return
	}
	var fields []string
	for _, a := range root.Args {
		name, ok := stringLit(a)
		if !ok {
			return
		}
		fields = append(fields, name)
	}
	unique, partial := false, false
	for _, call := range calls {
		switch call.Fun.(*ast.SelectorExpr).Sel.Name {
		case "Edges":
			return
		case "Unique":
			unique = true
		case "Annotations":
			partial = partial || callsNamed(call, imports, entSQLPkg, "IndexWhere")
		}
	}
	if unique && len(fields) > 0 {
		t.indexes = append(t.indexes, sqlclass.UniqueKey{Columns: fields, Partial: partial})
	}
}

// entTableAnnotation reads entsql.Annotation{Table: "name"}.
func entTableAnnotation(elem ast.Expr, imports map[string]string) string {
	if u, ok := elem.(*ast.UnaryExpr); ok && u.Op == token.AND {
		elem = u.X
	}
	lit, ok := elem.(*ast.CompositeLit)
	if !ok || !isPkgSelector(lit.Type, imports, entSQLPkg, "Annotation") {
		return ""
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if key, isIdent := kv.Key.(*ast.Ident); ok && isIdent && key.Name == "Table" {
			if table, ok := stringLit(kv.Value); ok {
				return table
			}
		}
	}
	return ""
}

// entChain splits pkg.F(...).M1(...).M2(...) into the call of pkg's
// function and the method calls after it, innermost first; the root is
// nil when the chain does not start in pkg.
func entChain(e ast.Expr, imports map[string]string, pkg string) (root *ast.CallExpr, calls []*ast.CallExpr) {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return nil, nil
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return nil, nil
		}
		if isPkgSelector(sel, imports, pkg, "") {
			return call, calls
		}
		calls = append([]*ast.CallExpr{call}, calls...)
		e = sel.X
	}
}

// isPkgSelector reports whether e is pkg.name (any name when name is "").
func isPkgSelector(e ast.Expr, imports map[string]string, pkg, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && imports[id.Name] == pkg && (name == "" || sel.Sel.Name == name)
}

// callsNamed reports whether n calls pkg.name anywhere.
func callsNamed(n ast.Node, imports map[string]string, pkg, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isPkgSelector(call.Fun, imports, pkg, name) {
			found = true
		}
		return !found
	})
	return found
}

// returnedElems returns the elements of the slice literals a method body
// returns, and how many return statements it has.
func returnedElems(body *ast.BlockStmt) (elems []ast.Expr, returns int) {
	ast.Inspect(body, func(n ast.Node) bool {
		if _, isFunc := n.(*ast.FuncLit); isFunc {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok {
			returns++
			for _, r := range ret.Results {
				if lit, ok := r.(*ast.CompositeLit); ok {
					elems = append(elems, lit.Elts...)
				}
			}
		}
		return true
	})
	return elems, returns
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}
