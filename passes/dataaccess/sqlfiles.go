package dataaccess

import (
	"bufio"
	"go/ast"
	"go/constant"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// SQL held in .sql files of the module: the text at a call is the text of
// the file, or of the named section of it, that the code loads:
//
//	//go:embed insert_user.sql
//	var insertUser string                          // db.Exec(insertUser, ...)
//
//	//go:embed queries/*.sql
//	var queries embed.FS                           // b, _ := queries.ReadFile("queries/insert_user.sql")
//
//	var q = goyesql.MustParseFile("queries.sql")   // db.Exec(q["insert-user"], ...)
//
// Named sections are goyesql's (also sqlc's and dotsql's) "-- name: X"
// markers, in the .sql files the package embeds or names in a string
// constant; the map a loader fills is read by its constant key. Files are
// read only inside the package's module, so what is analysed is what the
// module ships.

// sqlFiles is one package's SQL files.
type sqlFiles struct {
	dir, moduleRoot string
	vars            map[*types.Var]string // //go:embed one.sql on a string or []byte var
	named           map[string]string     // "-- name: X" sections
}

// packageSQL holds the sqlFiles of the packages being modelled, keyed by
// *types.Package, for sqlText, which the model calls deep inside value
// walks with no pass at hand. An entry lives for one run of the pass.
var packageSQL sync.Map

// loadSQLFiles reads the .sql files pass's package embeds or names and
// registers them until the returned func is called.
func loadSQLFiles(pass *analysis.Pass) (release func()) {
	f := &sqlFiles{vars: map[*types.Var]string{}, named: map[string]string{}}
	for _, file := range pass.Files {
		if f.dir == "" {
			f.dir = filepath.Dir(pass.Fset.File(file.FileStart).Name())
		}
		f.scan(pass, file)
	}
	if len(f.vars) == 0 && len(f.named) == 0 {
		return func() {}
	}
	packageSQL.Store(pass.Pkg, f)
	return func() { packageSQL.Delete(pass.Pkg) }
}

// scan reads the embed directives and the .sql file names of one file.
func (f *sqlFiles) scan(pass *analysis.Pass, file *ast.File) {
	embedVars(file, func(name *ast.Ident, patterns []string) {
		for _, p := range patterns {
			f.addSections(p)
		}
		if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok && len(patterns) == 1 && !strings.ContainsAny(patterns[0], "*?[") {
			if text, ok := f.read(filepath.Join(f.dir, patterns[0])); ok {
				f.vars[v] = text
			}
		}
	})
	// A loader given a file name: goyesql.MustParseFile("queries.sql").
	ast.Inspect(file, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok {
			if s, err := strconv.Unquote(lit.Value); err == nil && strings.HasSuffix(s, ".sql") && !strings.ContainsAny(s, "*?[") {
				f.addSections(s)
			}
		}
		return true
	})
}

// embedPatterns returns the patterns of a //go:embed directive.
func embedPatterns(doc *ast.CommentGroup) []string {
	if doc == nil {
		return nil
	}
	var patterns []string
	for _, c := range doc.List {
		if rest, ok := strings.CutPrefix(c.Text, "//go:embed "); ok {
			patterns = append(patterns, strings.Fields(rest)...)
		}
	}
	return patterns
}

// addSections reads the named sections of the .sql files a pattern (an
// embed pattern, or a path relative to the package or the module root)
// names.
func (f *sqlFiles) addSections(pattern string) {
	for _, path := range f.matches(pattern) {
		text, ok := f.read(path)
		if !ok {
			continue
		}
		for name, q := range namedSections(text) {
			f.named[name] = q
		}
	}
}

// matches returns the .sql files a pattern names, relative to the
// package or else to the module root.
func (f *sqlFiles) matches(pattern string) []string {
	for _, base := range []string{f.dir, f.root()} {
		if base == "" {
			continue
		}
		m, _ := filepath.Glob(filepath.Join(base, pattern))
		if len(m) > 0 {
			return slices.DeleteFunc(m, func(path string) bool { return !strings.HasSuffix(path, ".sql") })
		}
	}
	return nil
}

// embedded returns the .sql files an embed pattern names: the matching
// files, and the files under a matching directory (//go:embed migrations).
func (f *sqlFiles) embedded(pattern string) []string {
	paths := f.matches(pattern)
	if dir := filepath.Join(f.dir, pattern); len(paths) == 0 && !strings.ContainsAny(pattern, "*?[") {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sql") {
				paths = append(paths, path)
			}
			return nil
		})
	}
	return paths
}

// EmbeddedSQL is a .sql file of the module that a package embeds: a
// schema or migration script, or queries.
type EmbeddedSQL struct {
	Var  *ast.Ident // the variable its //go:embed directive fills
	Path string
	Text string
}

// EmbeddedSQLFiles returns the .sql files that the //go:embed directives
// of pass's package name, in the order of the directives.
func EmbeddedSQLFiles(pass *analysis.Pass) []EmbeddedSQL {
	var out []EmbeddedSQL
	f := &sqlFiles{}
	for _, file := range pass.Files {
		f.dir = filepath.Dir(pass.Fset.File(file.FileStart).Name())
		embedVars(file, func(name *ast.Ident, patterns []string) {
			for _, p := range patterns {
				for _, path := range f.embedded(p) {
					if text, ok := f.read(path); ok {
						out = append(out, EmbeddedSQL{Var: name, Path: path, Text: text})
					}
				}
			}
		})
	}
	return out
}

// embedVars calls fn with each variable of file that a //go:embed
// directive fills (one name per spec, as go:embed requires) and the
// directive's patterns.
func embedVars(file *ast.File, fn func(name *ast.Ident, patterns []string)) {
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gen.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok || len(vs.Names) != 1 {
				continue
			}
			doc := vs.Doc
			if doc == nil && len(gen.Specs) == 1 {
				doc = gen.Doc
			}
			if patterns := embedPatterns(doc); len(patterns) > 0 {
				fn(vs.Names[0], patterns)
			}
		}
	}
}

// root returns the directory of the go.mod above the package, or "".
func (f *sqlFiles) root() string {
	if f.moduleRoot != "" {
		return f.moduleRoot
	}
	for d := f.dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			f.moduleRoot = d
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// read returns a file's text when it lies inside the package's module.
func (f *sqlFiles) read(path string) (string, bool) {
	path = filepath.Clean(path)
	if root := f.root(); root == "" || !strings.HasPrefix(path, root+string(filepath.Separator)) {
		return "", false
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// namedSections splits a goyesql-style file into its "-- name: X" sections.
func namedSections(text string) map[string]string {
	sections := map[string]string{}
	var name string
	var body strings.Builder
	flush := func() {
		if name != "" {
			sections[name] = strings.TrimSpace(body.String())
		}
		body.Reset()
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(trimmed, "--"); ok {
			if n, ok := strings.CutPrefix(strings.TrimSpace(rest), "name:"); ok {
				flush()
				if fields := strings.Fields(n); len(fields) > 0 {
					name = fields[0] // sqlc adds ":one"/":exec" after the name
				}
			}
			continue
		}
		body.WriteString(line + "\n")
	}
	flush()
	return sections
}

// fileSQL returns the text v holds when it comes from a .sql file of the
// module: an embedded string var, embed.FS's ReadFile of a constant path,
// or a loader's map read by a constant name (q["insert-user"], and
// q["insert-user"].Query for loaders whose map holds structs).
func fileSQL(v ssa.Value) (string, bool) {
	files := sqlFilesOf(v)
	if files == nil {
		return "", false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok {
			if obj, ok := g.Object().(*types.Var); ok {
				text, ok := files.vars[obj]
				return text, ok
			}
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok && isQueryField(fa.X.Type(), fa.Field) {
			return files.section(fa.X)
		}
	case *ssa.Field:
		if isQueryField(x.X.Type(), x.Field) {
			return files.section(x.X)
		}
	case *ssa.Lookup:
		return files.section(x)
	case *ssa.Extract:
		if x.Index != 0 {
			return "", false
		}
		if l, ok := x.Tuple.(*ssa.Lookup); ok {
			return files.section(l) // q, ok := queries["name"]
		}
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return files.embedRead(call)
		}
	}
	return "", false
}

func sqlFilesOf(v ssa.Value) *sqlFiles {
	var pkg *types.Package
	switch {
	case v.Parent() != nil && v.Parent().Pkg != nil:
		pkg = v.Parent().Pkg.Pkg
	default:
		if u, ok := v.(*ssa.UnOp); ok {
			if g, ok := u.X.(*ssa.Global); ok {
				pkg = g.Pkg.Pkg
			}
		}
	}
	if pkg == nil {
		return nil
	}
	f, _ := packageSQL.Load(pkg)
	files, _ := f.(*sqlFiles)
	return files
}

// section returns the named section a map lookup with a constant key reads.
func (f *sqlFiles) section(v ssa.Value) (string, bool) {
	l, ok := v.(*ssa.Lookup)
	if !ok {
		return "", false
	}
	k, ok := l.Index.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	text, ok := f.named[constant.StringVal(k.Value)]
	return text, ok
}

// embedRead returns the file an embed.FS ReadFile of a constant path reads.
func (f *sqlFiles) embedRead(call *ssa.Call) (string, bool) {
	fn := callee(&call.Call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "embed" || fn.Name() != "ReadFile" {
		return "", false
	}
	name, ok := sqlText(arg(&call.Call, 0))
	if !ok || !strings.HasSuffix(name, ".sql") {
		return "", false
	}
	return f.read(filepath.Join(f.dir, filepath.FromSlash(name)))
}

// isQueryField reports whether field i of the struct t points to is named
// Query: goyesql's *Query{Query string, Tags map[string]string}.
func isQueryField(t types.Type, i int) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return ok && i < st.NumFields() && st.Field(i).Name() == "Query"
}
