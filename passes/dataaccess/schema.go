package dataaccess

import (
	"go/ast"
	"go/constant"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/sqlclass"
)

// The schema a module declares for its tables decides whether a
// conditional insert picks one winner: ON CONFLICT DO NOTHING and INSERT
// IGNORE do nothing for a twin only where a unique constraint covers what
// the twin repeats. The module's schema is read from its .sql files
// (migrations of every layout: golang-migrate, goose, atlas, sql-migrate,
// tern, dbmate, sqlc's schema) and from the DDL strings of the package
// being analysed, then from the DDL strings of the module's other Go code
// (schemagoddl.go); where none declares a table, from the declarations
// an ORM creates it by: the module's ent schema (schemaent.go), the xorm
// and bun models in reach (schemamodels.go).

// Schema is what a module's schema scripts say of one table.
type Schema struct {
	*sqlclass.TableSchema
	// File is the script that declares the table, relative to the module
	// root when inside it.
	File string
}

// SchemaAnswer is what the module's schema says about a table: the table,
// when it is declared; otherwise why nothing can be said.
type SchemaAnswer struct {
	Table *Schema
	// Unread is set when the module's scripts could not all be read (too
	// many or too large); Table is then nil.
	Unread bool
}

// walkBudget limits what one walk of a module reads: past it the schema
// is unknown, never taken for the part read.
type walkBudget struct{ files, bytes int }

// scriptBudget bounds the module's .sql files (and ent's schema sources).
var scriptBudget = walkBudget{files: 5000, bytes: 64 << 20}

// moduleSchemas caches the tables of each module's .sql files by root
// directory: one process analyses many packages of the same module.
var moduleSchemas sync.Map // root → *scriptTables

type scriptTables struct {
	tables map[string]*Schema
	unread bool
}

// TableSchema returns what the schema of the package's module says of
// table (unqualified, lower-case, as sqlclass names it).
func (r *Result) TableSchema(table string) SchemaAnswer {
	table = strings.ToLower(table)
	if i := strings.LastIndexByte(table, '.'); i >= 0 {
		table = table[i+1:]
	}
	if r.dir == "" {
		return SchemaAnswer{}
	}
	root := scriptsRoot(r.dir)
	scripts := readScripts(root)
	if scripts.unread {
		return SchemaAnswer{Unread: true}
	}
	if t := scripts.tables[table]; t != nil {
		return SchemaAnswer{Table: t}
	}
	if t := r.schemas.ddl()[table]; t != nil {
		return SchemaAnswer{Table: t}
	}
	goDDL := moduleGoDDL(root)
	if goDDL.unread {
		return SchemaAnswer{Unread: true}
	}
	if t := goDDL.tables[table]; t != nil {
		return SchemaAnswer{Table: t}
	}
	// No script creates it: the ORM does, from the models' declarations.
	if t := entTables(root)[table]; t != nil {
		return SchemaAnswer{Table: t}
	}
	if t := r.schemas.models()[table]; t != nil {
		return SchemaAnswer{Table: t}
	}
	return SchemaAnswer{}
}

// packageSchemas are the tables the package itself declares, each read
// once per package: a large package asks for the schema of every insert
// it models, and reading its DDL strings walks all of its syntax.
type packageSchemas struct {
	ddl    func() map[string]*Schema // its DDL strings' tables
	models func() map[string]*Schema // its and its imports' ORM models
}

func newPackageSchemas(pass *analysis.Pass) packageSchemas {
	return packageSchemas{
		ddl:    sync.OnceValue(func() map[string]*Schema { return packageDDL(pass) }),
		models: sync.OnceValue(func() map[string]*Schema { return modelTables(pass) }),
	}
}

// scriptsRoot returns the directory whose .sql files are the package's
// module's: the module root, or for a package the go command would not
// build (a fixture under testdata/src, or no go.mod) the top of its
// import path there, or its own directory.
func scriptsRoot(dir string) string {
	root := (&sqlFiles{dir: dir}).root()
	if root != "" && !underTestdata(root, dir) {
		return root
	}
	slashed := filepath.ToSlash(dir)
	if i := strings.LastIndex(slashed, "/testdata/src/"); i >= 0 {
		top, _, _ := strings.Cut(slashed[i+len("/testdata/src/"):], "/")
		return filepath.FromSlash(slashed[:i+len("/testdata/src/")] + top)
	}
	return dir
}

// underTestdata reports whether dir lies in a testdata directory below
// root.
func underTestdata(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	return err == nil && slices.Contains(strings.Split(filepath.ToSlash(rel), "/"), "testdata")
}

func packageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		return filepath.Dir(pass.Fset.File(f.FileStart).Name())
	}
	return ""
}

// readScripts reads every .sql file under root, outside vendor, testdata,
// hidden and node_modules directories and nested modules, once per
// process.
func readScripts(root string) *scriptTables {
	if cached, ok := moduleSchemas.Load(root); ok {
		return cached.(*scriptTables)
	}
	st := &scriptTables{tables: map[string]*Schema{}}
	st.unread = walkModuleSQL(root, func(rel string, data []byte) {
		st.add(sqlclass.Schemas(string(data)), rel)
	})
	actual, _ := moduleSchemas.LoadOrStore(root, st)
	return actual.(*scriptTables)
}

// walkModuleSQL calls visit with every readable .sql file under the module
// root (its path relative to root), outside vendor, testdata, hidden and
// node_modules directories and nested modules, up to scriptBudget; it
// reports whether the budget cut the walk short, which callers must say
// rather than answer "none".
func walkModuleSQL(root string, visit func(rel string, data []byte)) (cut bool) {
	return walkModule(root, func(rel string) bool { return strings.HasSuffix(rel, ".sql") }, scriptBudget, visit)
}

// walkModule is walkModuleSQL for the files whose relative path want
// accepts, within budget.
func walkModule(root string, want func(rel string) bool, budget walkBudget, visit func(rel string, data []byte)) (cut bool) {
	files, bytes := 0, 0
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return unreadable(d) // an unreadable directory or file says nothing
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "vendor" || name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			if path != root && fileExists(filepath.Join(path, "go.mod")) {
				return filepath.SkipDir // another module's
			}
			return nil
		}
		rel, relErr := filepath.Rel(root, path)
		if relErr != nil {
			rel = path
		}
		if !want(rel) {
			return nil
		}
		files++
		data, readErr := os.ReadFile(path)
		bytes += len(data)
		if files > budget.files || bytes > budget.bytes {
			cut = true
			return filepath.SkipAll
		}
		if readErr != nil {
			return unreadable(d)
		}
		visit(rel, data)
		return nil
	})
	return cut
}

// goSource reports whether a path names a non-test Go file: a test's
// code (its schema, its callers, its stores) is not the production one.
func goSource(rel string) bool {
	return strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go")
}

// unreadable is what the walk does past an entry it cannot read: skip a
// directory, go on past a file.
func unreadable(d fs.DirEntry) error {
	if d != nil && d.IsDir() {
		return filepath.SkipDir
	}
	return nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// add merges the tables of one script: a later migration adds columns and
// constraints to a table an earlier one created.
func (st *scriptTables) add(tables []*sqlclass.TableSchema, file string) {
	for _, t := range tables {
		have := st.tables[t.Name]
		if have == nil {
			st.tables[t.Name] = &Schema{TableSchema: t, File: file}
			continue
		}
		if len(have.Columns) == 0 && len(t.Columns) > 0 {
			have.File = file // the script that creates it, not an index's
		}
		have.Columns = append(have.Columns, t.Columns...)
		have.Unique = append(have.Unique, t.Unique...)
	}
}

// packageDDL reads the tables the package's DDL strings declare.
func packageDDL(pass *analysis.Pass) map[string]*Schema {
	st := &scriptTables{tables: map[string]*Schema{}}
	for _, d := range DDLStrings(pass) {
		st.add(sqlclass.Schemas(d.Text), filepath.Base(pass.Fset.Position(d.Pos).Filename))
	}
	return st.tables
}

// DDLString is a constant string of the package that creates or alters
// tables (a store that creates its own schema, a test's schema).
type DDLString struct {
	Text string
	Pos  token.Pos
}

// DDLStrings returns the package's constant strings, literals and
// constant concatenations alike, whose text creates or alters something.
func DDLStrings(pass *analysis.Pass) []DDLString {
	var out []DDLString
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.BasicLit, *ast.BinaryExpr:
			default:
				return true
			}
			tv, ok := pass.TypesInfo.Types[n.(ast.Expr)]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				return true
			}
			text := constant.StringVal(tv.Value)
			if lower := strings.ToLower(text); strings.Contains(lower, "create") || strings.Contains(lower, "alter") {
				out = append(out, DDLString{Text: text, Pos: n.Pos()})
			}
			return false // the whole constant, not its parts again
		})
	}
	return out
}
