package dataaccess

import (
	"go/ast"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// An ent schema shares fields between tables through mixins: a type whose
// Fields and Indexes methods declare columns and indexes, listed by each
// schema's Mixin method, and created in each table that mixes it in.
//
//	func (User) Mixin() []ent.Mixin { return []ent.Mixin{mixin.Handle{}, Audit{}} }
//
// A mixin declared in the schema package or in another package of the
// module is read; one from outside the module (ent's own mixin.Time) is
// not, and declares nothing here.

// entRef names a type of the module: its package's directory, relative to
// the module root, and its name.
type entRef struct{ dir, name string }

// entReader gathers the schema and mixin types of one module.
type entReader struct {
	root   string
	module string // the module's import path
	types  map[entRef]*entType
	order  []entRef
	read   map[string]bool // directories whose files were read
	mixins map[entRef]bool // types some schema mixes in
}

func newEntReader(root string) *entReader {
	module := filepath.Base(root) // a GOPATH tree's top (a fixture): its import path
	if data, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		module = modfile.ModulePath(data)
	}
	return &entReader{root: root, module: module, types: map[entRef]*entType{}, read: map[string]bool{}, mixins: map[entRef]bool{}}
}

// typeOf returns the type name of the package in dir, declared in file.
func (r *entReader) typeOf(dir, name, file string) *entType {
	ref := entRef{dir, name}
	t := r.types[ref]
	if t == nil {
		t = &entType{file: file, table: PluralTable(name), columns: map[string]string{}}
		r.types[ref] = t
		r.order = append(r.order, ref)
	}
	return t
}

// mixinRef reads an element of a Mixin method's slice, Audit{} or
// &pkg.Audit{}, as the type it names, when that type is the module's.
func (r *entReader) mixinRef(elem ast.Expr, imports map[string]string, dir string) (entRef, bool) {
	if u, ok := elem.(*ast.UnaryExpr); ok && u.Op == token.AND {
		elem = u.X
	}
	lit, ok := elem.(*ast.CompositeLit)
	if !ok {
		return entRef{}, false // a constructor's result: its type cannot be told here
	}
	var ref entRef
	switch typ := lit.Type.(type) {
	case *ast.Ident:
		ref = entRef{dir, typ.Name}
	case *ast.SelectorExpr:
		pkg, ok := typ.X.(*ast.Ident)
		if !ok {
			return entRef{}, false
		}
		pkgDir, ok := r.packageDir(imports[pkg.Name])
		if !ok {
			return entRef{}, false
		}
		ref = entRef{pkgDir, typ.Sel.Name}
	default:
		return entRef{}, false
	}
	r.mixins[ref] = true
	return ref, true
}

// packageDir returns the directory of a package of the module, relative
// to its root.
func (r *entReader) packageDir(path string) (string, bool) {
	if path == r.module {
		return ".", true
	}
	rest, ok := strings.CutPrefix(path, r.module+"/")
	return filepath.FromSlash(rest), ok
}

// schemaTypes returns the types of the schema directories that are
// tables, not mixins, once the packages their mixins come from are read.
func (r *entReader) schemaTypes() []*entType {
	for _, ref := range slices.Collect(maps.Keys(r.mixins)) {
		r.readDir(ref.dir)
	}
	var out []*entType
	for _, ref := range r.order {
		if filepath.Base(ref.dir) == entSchemaDir && !r.mixins[ref] {
			out = append(out, r.types[ref])
		}
	}
	return out
}

// readDir reads the Go files of a package of the module not read yet.
func (r *entReader) readDir(dir string) {
	if r.read[dir] {
		return
	}
	r.read[dir] = true
	entries, err := os.ReadDir(filepath.Join(r.root, dir))
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if data, err := os.ReadFile(filepath.Join(r.root, dir, name)); err == nil {
			r.addFile(filepath.Join(dir, name), data)
		}
	}
}

// withMixins returns t with the fields and keys of its mixins added. A
// mixin whose Fields or Indexes branches adds its columns but no key: which
// of its fields are unique depends on how the schema configures it.
func (r *entReader) withMixins(t *entType) *entType {
	if len(t.mixins) == 0 {
		return t
	}
	out := *t
	out.columns = maps.Clone(t.columns)
	out.fields = slices.Clone(t.fields)
	out.unique = slices.Clone(t.unique)
	out.indexes = slices.Clone(t.indexes)
	for _, ref := range t.mixins {
		m := r.types[ref]
		if m == nil {
			continue
		}
		out.fields = append(out.fields, m.fields...)
		maps.Copy(out.columns, m.columns)
		if !m.branches {
			out.unique = append(out.unique, m.unique...)
			out.indexes = append(out.indexes, m.indexes...)
		}
	}
	return &out
}
