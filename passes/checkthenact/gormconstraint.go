package checkthenact

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"regexp"
	"strings"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// gormUniqueCover is uniqueCover for gorm's Create: the unique keys are
// the model's tags (unique, uniqueIndex, a composite uniqueIndex:name,
// primaryKey), which AutoMigrate turns into constraints, or the module's
// scripts for the model's table; the checked columns are those the
// check's conditions set equal to a value ("key = ?").
func (f *fixer) gormUniqueCover(check *dataaccess.Op, create *ast.CallExpr) (note string) {
	if len(create.Args) == 0 {
		return "no fix: the created record cannot be told"
	}
	model := modelStruct(f.pass.TypesInfo.TypeOf(create.Args[0]))
	if model == nil {
		return "no fix: the created model's type cannot be told, nor so whether a unique constraint makes a conditional create pick one winner"
	}
	name := model.Obj().Name()
	cols := f.conditionColumns(check)
	if len(cols) == 0 {
		return fmt.Sprintf("no fix: a conditional create picks one winner only under a unique key of %s covering what the check looks up, and which columns those are cannot be told", name)
	}
	for _, key := range gormUniqueKeys(model.Underlying().(*types.Struct)) {
		if subset(key, cols) {
			return ""
		}
	}
	table := dataaccess.PluralTable(name)
	if answer := schemaOf(f.pass, table); answer.Table != nil {
		for _, u := range answer.Table.Unique {
			if !u.Partial && subset(u.Columns, cols) {
				return ""
			}
		}
	}
	return fmt.Sprintf("no fix: %s declares no unique key on %s (a gorm:\"uniqueIndex\" tag, or a unique constraint on %s in the module's schema), so a conditional create would store both rows; add one first (%s), or claim the key with runtime/claim",
		name, strings.Join(cols, ", "), table, createIndex(table, cols))
}

// modelStruct returns the named struct a Create argument (&x, x, a
// pointer variable) points to.
func modelStruct(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
		return nil
	}
	return n
}

// gormUniqueKeys reads the unique column sets a model's gorm tags declare
// (v2's primaryKey and uniqueIndex, v1's primary_key and unique_index),
// and gorm's default primary key, a field named ID, when no field is
// tagged as the primary key. The fields of an embedded struct (anonymous,
// or tagged embedded, its columns then named with its embeddedPrefix, v1's
// embedded_prefix) are the model's own columns to gorm, and so are their
// tags: gorm.Model's ID is the key of every model that embeds it.
func gormUniqueKeys(s *types.Struct) [][]string {
	k := &gormKeys{named: map[string]int{}}
	k.read(s, "", 0)
	if !k.taggedPrimary && k.idColumn != "" {
		k.keys = append(k.keys, []string{k.idColumn})
	}
	return k.keys
}

// gormKeys gathers the keys of one model, across its embedded structs.
type gormKeys struct {
	keys          [][]string
	named         map[string]int // uniqueIndex:name → its entry in keys
	taggedPrimary bool
	idColumn      string
}

// maxEmbedDepth bounds the embedded structs followed, as a cycle of
// pointers to embedded structs would otherwise never end.
const maxEmbedDepth = 8

// read adds the keys of s's fields, whose columns are named with prefix.
func (k *gormKeys) read(s *types.Struct, prefix string, depth int) {
	for i := range s.NumFields() {
		field := s.Field(i)
		col := prefix + dataaccess.ColumnName(field.Name())
		var unique []string // "" for a key of its own, else the index name
		embedded, embeddedPrefix := field.Anonymous(), ""
		for _, part := range strings.Split(reflect.StructTag(s.Tag(i)).Get("gorm"), ";") {
			key, v, _ := strings.Cut(strings.TrimSpace(part), ":")
			switch strings.ToLower(key) {
			case "-":
				embedded = false
				unique = nil
			case "column":
				col = prefix + v
			case "embedded":
				embedded = true
			case "embeddedprefix", "embedded_prefix":
				embeddedPrefix = v
			case "primarykey", "primary_key":
				k.taggedPrimary = true
				unique = append(unique, "")
			case "unique":
				unique = append(unique, "")
			case "uniqueindex", "unique_index":
				unique = append(unique, strings.Split(v, ",")[0])
			}
		}
		if inner := embeddedStruct(field); embedded && inner != nil && depth < maxEmbedDepth {
			k.read(inner, prefix+embeddedPrefix, depth+1)
			continue
		}
		if field.Name() == "ID" && prefix == "" {
			k.idColumn = col
		}
		for _, index := range unique {
			if index == "" {
				k.keys = append(k.keys, []string{col})
				continue
			}
			if at, ok := k.named[index]; ok {
				k.keys[at] = append(k.keys[at], col)
				continue
			}
			k.named[index] = len(k.keys)
			k.keys = append(k.keys, []string{col})
		}
	}
}

// embeddedStruct returns the struct a field (of the struct or a pointer
// to it) embeds as columns: not one that scans itself from a single
// column (time.Time, a Scanner or Valuer such as sql.NullString).
func embeddedStruct(field *types.Var) *types.Struct {
	t := types.Unalias(field.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok || types.TypeString(t, nil) == "time.Time" {
		return nil
	}
	methods := types.NewMethodSet(types.NewPointer(t))
	for _, name := range []string{"Scan", "Value"} {
		if methods.Lookup(nil, name) != nil {
			return nil
		}
	}
	return s
}

// equalsValue matches a condition that sets a column equal to a bound
// value: "key = ?", "users.email = @email".
var equalsValue = regexp.MustCompile(`(?i)([a-z_][a-z0-9_."]*)\s*=\s*(\?|@\w+)`)

// columnsEqualToValue returns the columns a condition's text sets equal
// to a bound value, unqualified and lower-cased.
func columnsEqualToValue(text string) []string {
	var cols []string
	for _, m := range equalsValue.FindAllStringSubmatch(text, -1) {
		col := strings.Trim(m[1], `"`)
		if i := strings.LastIndexByte(col, '.'); i >= 0 {
			col = col[i+1:]
		}
		cols = append(cols, strings.ToLower(col))
	}
	return cols
}

// conditionColumns reads the columns the check's call chain sets equal to
// a value, from the string constants among its arguments (Where("key =
// ?", k).First(&o), First(&o, "key = ?", k)).
func (f *fixer) conditionColumns(check *dataaccess.Op) []string {
	call, _ := f.callAt(check.Pos())
	var cols []string
	for call != nil {
		for _, a := range call.Args {
			tv, ok := f.pass.TypesInfo.Types[a]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				continue
			}
			cols = append(cols, columnsEqualToValue(constant.StringVal(tv.Value))...)
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			break
		}
		call, _ = ast.Unparen(sel.X).(*ast.CallExpr)
	}
	return cols
}
