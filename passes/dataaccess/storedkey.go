package dataaccess

import (
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// An insert that stores every column of a unique key its table declares
// cannot store a second row with the same values: a ledger entry per
// invoice (UNIQUE (invoice_id, entry_type)) is written once however many
// callers pass the gate before it, and a job that inserts the state row
// of the rotation it was given (PRIMARY KEY (rotation_id)) does not add a
// row when the broker runs it again. The twin's insert fails or, with ON
// CONFLICT, does nothing.

// StoredKey is a unique key of an insert's table whose every column the
// insert stores.
type StoredKey struct {
	Columns []string
	// Values are what the insert stores in Columns, in order, when the
	// insert stores a record whose fields are visible; nil for SQL text,
	// which names its columns but whose values are not read.
	Values []ssa.Value
}

// storedKey returns the first unique key of op's table, as the module's
// schema declares it, that a plain insert stores completely; or nil.
// A partial unique index is left out: whether the row falls under its
// WHERE is not read.
func (m *modeler) storedKey(op *Op) *StoredKey {
	table, stored := m.insertSchema(op)
	if table == nil {
		return nil
	}
	for _, key := range table.Unique {
		if key.Partial {
			continue
		}
		k := &StoredKey{Columns: key.Columns}
		for _, col := range key.Columns {
			v, ok := stored[col]
			if !ok {
				k = nil
				break
			}
			if v != nil {
				k.Values = append(k.Values, v)
			}
		}
		if k != nil && (len(k.Values) == 0 || len(k.Values) == len(k.Columns)) {
			return k
		}
	}
	return nil
}

// unkeyedInsert reports whether op is a plain insert into a table the
// module's schema declares, none of whose unique keys (partial ones
// included) it stores completely: every run adds a row, whatever values
// it carries (a provider message id in a column nothing makes unique).
func (m *modeler) unkeyedInsert(op *Op) bool {
	table, stored := m.insertSchema(op)
	if table == nil {
		return false
	}
	for _, key := range table.Unique {
		if !slices.ContainsFunc(key.Columns, func(col string) bool { _, ok := stored[col]; return !ok }) {
			return false
		}
	}
	return true
}

// insertSchema returns, for a plain insert, its table as the module's
// schema declares it and the columns it stores; a nil table when either
// is unknown.
func (m *modeler) insertSchema(op *Op) (*Schema, map[string]ssa.Value) {
	if op.Kind != apis.Insert {
		return nil, nil
	}
	name, stored := op.insertedColumns()
	if name == "" || len(stored) == 0 {
		return nil, nil
	}
	return m.schema(name).Table, stored
}

// insertedColumns returns the table an insert writes and the columns it
// stores: the column list of its SQL text (with no values), or the
// fields stored into the record it creates (each with its one stored
// value; a field stored twice is left out).
func (op *Op) insertedColumns() (table string, stored map[string]ssa.Value) {
	if op.SQL != nil {
		if op.SQL.InsertColumns == "" {
			return "", nil
		}
		stored = map[string]ssa.Value{}
		for _, c := range strings.Split(op.SQL.InsertColumns, ",") {
			stored[c] = nil
		}
		return op.SQL.Table, stored
	}
	for _, in := range op.Inputs() {
		rec, ok := in.(*ssa.Alloc)
		if !ok {
			continue
		}
		named := ssautil.ElemNamed(rec.Type())
		if named == nil {
			continue
		}
		st, ok := named.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		stored = map[string]ssa.Value{}
		for i := range st.NumFields() {
			if vals := storedInField(rec, i); len(vals) == 1 {
				stored[FieldColumn(st, i)] = vals[0]
			}
		}
		return modelTable(st, named), stored
	}
	return "", nil
}

// modelTable is the table an ORM gives a model: a bun table tag on its
// embedded BaseModel, or the plural of its name.
func modelTable(st *types.Struct, named *types.Named) string {
	for i := range st.NumFields() {
		for _, opt := range strings.Split(reflect.StructTag(st.Tag(i)).Get("bun"), ",") {
			if name, ok := strings.CutPrefix(opt, "table:"); ok && st.Field(i).Embedded() {
				return unqualifiedTable(name)
			}
		}
	}
	return PluralTable(named.Obj().Name())
}

// FieldColumn is the column field i of a model maps to: the name its
// bun, pg or db tag gives first, its gorm tag's column:, or the ORMs'
// default (ColumnName).
func FieldColumn(st *types.Struct, i int) string {
	tag := reflect.StructTag(st.Tag(i))
	for _, key := range []string{"bun", "pg", "db"} {
		if name, _, _ := strings.Cut(tag.Get(key), ","); name != "" && name != "-" && !strings.Contains(name, ":") {
			return name
		}
	}
	for _, opt := range strings.Split(tag.Get("gorm"), ";") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(opt), "column:"); ok {
			return name
		}
	}
	return ColumnName(st.Field(i).Name())
}

// SameOnRerun reports whether a second run with the same input stores the
// same key: none of the key's values is minted (a uuid, a ULID).
func (k *StoredKey) SameOnRerun() bool {
	return k != nil && !slices.ContainsFunc(k.Values, func(v ssa.Value) bool { return minted(v, 0) })
}
