package dataaccess

import (
	"go/ast"
	"go/constant"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/sqlclass"
)

// A module that lets its ORM create the tables declares its unique keys in
// the models' tags, not in scripts: xorm's Sync reads `xorm:"unique"`, bun's
// CreateTable `bun:",unique"`. The models read here are the named structs
// of the package and of the packages it imports, the places a query's
// models come from.

// modelTables returns the tables the xorm and bun models in reach declare,
// by table name.
func modelTables(pass *analysis.Pass) map[string]*Schema {
	st := &scriptTables{tables: map[string]*Schema{}}
	scopes := []*types.Package{pass.Pkg}
	scopes = append(scopes, pass.Pkg.Imports()...)
	for _, pkg := range scopes {
		for _, name := range pkg.Scope().Names() {
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok {
				continue
			}
			s, ok := named.Underlying().(*types.Struct)
			if !ok {
				continue
			}
			file := filepath.Base(pass.Fset.Position(tn.Pos()).Filename)
			for _, t := range xormModel(pass, named, s) {
				st.add([]*sqlclass.TableSchema{t}, file)
			}
			if t := bunModel(named, s); t != nil {
				st.add([]*sqlclass.TableSchema{t}, file)
			}
		}
	}
	return st.tables
}

// bunModel reads a bun model, a struct that embeds bun.BaseModel: its
// table is the `bun:"table:name"` tag of that field, or the plural of its
// name; its unique keys are its `bun:",unique"`, `bun:",unique:group"` and
// `bun:",pk"` tags.
func bunModel(named *types.Named, s *types.Struct) *sqlclass.TableSchema {
	for i := range s.NumFields() {
		f := s.Field(i)
		base, ok := types.Unalias(f.Type()).(*types.Named)
		if !f.Embedded() || !ok || base.Obj().Name() != "BaseModel" || base.Obj().Pkg() == nil || !strings.HasSuffix(base.Obj().Pkg().Path(), "uptrace/bun") {
			continue
		}
		table := PluralTable(named.Obj().Name())
		for _, opt := range strings.Split(reflect.StructTag(s.Tag(i)).Get("bun"), ",") {
			if name, ok := strings.CutPrefix(opt, "table:"); ok {
				table = name
			}
		}
		return &sqlclass.TableSchema{Name: unqualifiedTable(table), Unique: uniqueKeys(TagUniqueKeys(s, "bun"))}
	}
	return nil
}

// xormModel reads an xorm model: its unique keys are its `xorm:"unique"`,
// `xorm:"unique(group)"` and `xorm:"pk"` tags (a field Id is the key when
// none is tagged), each column named by a quoted 'name' in the tag or by
// the engine's mapper; its table is what its TableName method returns,
// or its name through the mapper. xorm's default SnakeMapper and the
// GonicMapper most services set spell initialisms differently (user_i_d,
// user_id); the model is read both ways, as a query names one of them.
func xormModel(pass *analysis.Pass, named *types.Named, s *types.Struct) []*sqlclass.TableSchema {
	tagged := false
	for i := range s.NumFields() {
		if _, ok := reflect.StructTag(s.Tag(i)).Lookup("xorm"); ok {
			tagged = true
		}
	}
	if !tagged {
		return nil
	}
	var out []*sqlclass.TableSchema
	for _, mapper := range []func(string) string{ColumnName, xormSnake} {
		table := mapper(named.Obj().Name())
		if method := tableNameMethod(named); method != nil {
			var ok bool
			if table, ok = constantReturn(pass, method); !ok {
				return nil // a table name the code computes, or another package's
			}
		}
		out = append(out, &sqlclass.TableSchema{Name: unqualifiedTable(table), Unique: uniqueKeys(xormUniqueKeys(s, mapper))})
	}
	return out
}

// xormUniqueKeys reads the unique column sets of a model's xorm tags,
// naming untagged columns with mapper. A field tagged extends embeds its
// struct's columns in the model's table, tags and all (a shared base with
// a unique name or a pk Id).
func xormUniqueKeys(s *types.Struct, mapper func(string) string) [][]string {
	k := &xormKeys{mapper: mapper, groups: map[string]int{}}
	k.read(s, 0)
	switch {
	case len(k.pk) > 0: // the tagged columns are one composite key
		var cols []string
		for _, c := range k.pk {
			cols = append(cols, c...)
		}
		k.keys = append(k.keys, cols)
	case k.idColumn != "":
		k.keys = append(k.keys, []string{k.idColumn})
	}
	return k.keys
}

// xormKeys gathers the keys of one model, across the structs it extends.
type xormKeys struct {
	mapper   func(string) string
	keys, pk [][]string
	groups   map[string]int // UNIQUE(group) → its entry in keys
	idColumn string
}

// maxExtendsDepth bounds the extends followed, as a cycle of pointers to
// extended structs would otherwise never end.
const maxExtendsDepth = 8

func (k *xormKeys) read(s *types.Struct, depth int) {
	for i := range s.NumFields() {
		tag := reflect.StructTag(s.Tag(i)).Get("xorm")
		if tag == "-" {
			continue // not a column
		}
		if inner := extendedStruct(s.Field(i), tag); inner != nil {
			if depth < maxExtendsDepth {
				k.read(inner, depth+1)
			}
			continue
		}
		col := k.mapper(s.Field(i).Name())
		for _, token := range strings.Fields(tag) {
			if len(token) > 2 && token[0] == '\'' && token[len(token)-1] == '\'' {
				col = token[1 : len(token)-1]
			}
		}
		if s.Field(i).Name() == "Id" || s.Field(i).Name() == "ID" {
			k.idColumn = col
		}
		for _, token := range strings.Fields(tag) {
			key, group, _ := strings.Cut(strings.ToLower(token), "(")
			group = strings.TrimSuffix(group, ")")
			switch {
			case key == "pk":
				k.pk = append(k.pk, []string{col})
			case key != "unique":
			case group == "":
				k.keys = append(k.keys, []string{col})
			default:
				if at, ok := k.groups[group]; ok {
					k.keys[at] = append(k.keys[at], col)
					continue
				}
				k.groups[group] = len(k.keys)
				k.keys = append(k.keys, []string{col})
			}
		}
	}
}

// extendedStruct returns the struct (or pointer to one) a field tagged
// extends embeds.
func extendedStruct(field *types.Var, tag string) *types.Struct {
	if !slices.ContainsFunc(strings.Fields(tag), func(t string) bool { return strings.EqualFold(t, "extends") }) {
		return nil
	}
	t := types.Unalias(field.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	s, _ := t.Underlying().(*types.Struct)
	return s
}

// xormSnake is xorm's SnakeMapper: an underscore before every upper-case
// letter but the first (UserID → user_i_d).
func xormSnake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if 'A' <= r && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// tableNameMethod returns the model's TableName method, on the value or
// the pointer.
func tableNameMethod(named *types.Named) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, named.Obj().Pkg(), "TableName")
	fn, _ := obj.(*types.Func)
	return fn
}

// constantReturn returns the constant string a method of the package
// returns, when its body is a single return of one.
func constantReturn(pass *analysis.Pass, method *types.Func) (string, bool) {
	if method.Pkg() != pass.Pkg {
		return "", false
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || pass.TypesInfo.Defs[fn.Name] != method || fn.Body == nil || len(fn.Body.List) != 1 {
				continue
			}
			ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				return "", false
			}
			tv := pass.TypesInfo.Types[ret.Results[0]]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				return "", false
			}
			return constant.StringVal(tv.Value), true
		}
	}
	return "", false
}

func uniqueKeys(sets [][]string) []sqlclass.UniqueKey {
	var keys []sqlclass.UniqueKey
	for _, cols := range sets {
		keys = append(keys, sqlclass.UniqueKey{Columns: cols})
	}
	return keys
}

// unqualifiedTable lower-cases a table name and drops its schema, as
// sqlclass names tables.
func unqualifiedTable(name string) string {
	name = strings.ToLower(strings.Trim(name, "`\""))
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return name
}
