package dataaccess

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// sqlText recovers the SQL text a value holds: a constant (named constants
// are folded by SSA), a concatenation of constants, fmt.Sprintf with a
// constant format, whose %-verbs stand for an unknown identifier, the
// text a query builder's ToSql renders, or the text of a .sql file of the
// module that the code loads (sqlfiles.go).
func sqlText(v ssa.Value) (string, bool) {
	return (*sqlFields)(nil).text(v, 8)
}

// sqlText also reads SQL held in the package's struct fields.
func (m *modeler) sqlText(v ssa.Value) (string, bool) {
	return m.fields.text(v, 8)
}

func (fields *sqlFields) text(v ssa.Value, depth int) (string, bool) {
	if v == nil || depth == 0 {
		return "", false
	}
	if text, ok := fileSQL(Unwrap(v)); ok {
		return text, true
	}
	switch x := Unwrap(v).(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return constant.StringVal(x.Value), true
		}
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return "", false
		}
		l, lok := fields.text(x.X, depth-1)
		r, rok := fields.text(x.Y, depth-1)
		switch {
		case lok && rok:
			return l + r, true
		case lok: // "SELECT ... WHERE id = " + id: the text before is enough
			return l + " _", true
		}
	case *ssa.Call:
		if q := rebound(x); q != nil {
			return fields.text(q, depth-1)
		}
		if text, ok := fields.replacedText(x, depth); ok {
			return text, true
		}
		if text, _, ok := builtStatement(fields, x); ok {
			return text, true // a built query passed as a value: bob.One(ctx, db, psql.Select(...), m)
		}
		sc := x.Call.StaticCallee()
		if sc == nil {
			return "", false
		}
		f, ok := sc.Object().(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg().Path() != "fmt" || f.Name() != "Sprintf" {
			return "", false
		}
		format, ok := fields.text(x.Call.Args[0], depth-1)
		if !ok {
			return "", false
		}
		args := variadicElems(x.Call.Args[1])
		return fields.expandVerbs(format, args, depth), true
	case *ssa.Phi:
		if text, _, ok := builtStatement(fields, x); ok {
			return text, true // a builder extended on one path or in a loop, handed on as a value
		}
		return fields.oneStatementText(x, depth)
	case *ssa.Extract:
		// text, args, err := sq.Insert("t")...ToSql(): the built statement.
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 && isToSQL(call) {
			text, _, ok := builtStatement(fields, receiver(&call.Call))
			return text, ok
		}
	case *ssa.UnOp:
		if stored := singleStore(x.X); stored != nil {
			return fields.text(stored, depth-1)
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			field := fieldVar(fa.X.Type(), fa.Field)
			if text, ok := fields.fieldText(field, depth); ok {
				return text, true
			}
			if owner := embeddingOwner(fa); owner != nil && fields != nil {
				return fields.valuesText(fields.owned[ownedField{owner, field}], field, depth)
			}
		}
	case *ssa.Field:
		return fields.fieldText(fieldVar(x.X.Type(), x.Field), depth)
	}
	return "", false
}

// expandVerbs substitutes the %-verbs of a Sprintf format with constant
// arguments where known, and with a placeholder identifier otherwise.
func (fields *sqlFields) expandVerbs(format string, args []ssa.Value, depth int) string {
	var b strings.Builder
	argi := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 == len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i < len(format) && format[i] == '%' {
			b.WriteByte('%')
			continue
		}
		sub := "_"
		if argi < len(args) {
			if s, ok := fields.text(args[argi], depth-1); ok {
				sub = s
			}
		}
		argi++
		b.WriteString(sub)
	}
	return b.String()
}

// rebound returns the query of a call that only rewrites its placeholders
// (sqlx's db.Rebind(q) and sqlx.Rebind(bindType, q)), or nil: the
// statement, its verb and its table are those of q.
func rebound(call *ssa.Call) ssa.Value {
	f := callee(&call.Call)
	if f == nil || f.Name() != "Rebind" || f.Pkg() == nil || !strings.Contains(f.Pkg().Path(), "sqlx") {
		return nil
	}
	return firstStringArg(&call.Call)
}

// sqlFields holds what the package stores into its own unexported string
// fields: SQL built once by a constructor (NewSQLProvider returns
// &T{sqlInsertX: fmt.Sprintf("INSERT INTO %s ...", tableX)}) and run by
// the methods (p.db.ExecContext(ctx, p.sqlInsertX, ...)). No other
// package can store into such a field, so the stores seen here are all
// the values it can hold.
type sqlFields struct {
	stored map[*types.Var][]ssa.Value
	// owned is stored again by the type that embeds the field's struct
	// (navidrome's userRepository sets the tableName of the sqlRepository
	// it embeds to "user", propertyRepository to "property"), so that a
	// method of the outer type reads its own.
	owned map[ownedField][]ssa.Value
	// escaped fields have their address taken for something other than a
	// load or a store: what they hold is not known.
	escaped map[*types.Var]bool
}

// collectSQLFields records the stores into pkg's unexported string
// fields made by funcs (the package's functions, literals included).
func collectSQLFields(pkg *types.Package, funcs []*ssa.Function) *sqlFields {
	fields := &sqlFields{stored: map[*types.Var][]ssa.Value{}, owned: map[ownedField][]ssa.Value{}, escaped: map[*types.Var]bool{}}
	ownFieldAddrs(pkg, funcs, func(fa *ssa.FieldAddr, v *types.Var) {
		if v.Exported() || !ssautil.IsString(v.Type()) {
			return
		}
		for _, ref := range *fa.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr == fa {
					fields.stored[v] = append(fields.stored[v], ref.Val)
					if owner := embeddingOwner(fa); owner != nil {
						of := ownedField{owner, v}
						fields.owned[of] = append(fields.owned[of], ref.Val)
					}
				} else {
					fields.escaped[v] = true
				}
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				fields.escaped[v] = true
			}
		}
	})
	return fields
}

// ownFieldAddrs calls visit with each address funcs take of a field of a
// struct type pkg declares, and the field.
func ownFieldAddrs(pkg *types.Package, funcs []*ssa.Function, visit func(fa *ssa.FieldAddr, v *types.Var)) {
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if fa, ok := instr.(*ssa.FieldAddr); ok {
					if v := fieldVar(fa.X.Type(), fa.Field); v != nil && v.Pkg() == pkg {
						visit(fa, v)
					}
				}
			}
		}
	}
}

// fieldText returns the one SQL statement every store into field puts
// there; a placeholder rewrite of the field's own value (p.sqlX =
// p.db.Rebind(p.sqlX)) keeps it. Two different statements, or a value
// whose text is not visible, leave it unknown.
func (fields *sqlFields) fieldText(field *types.Var, depth int) (string, bool) {
	if fields == nil || field == nil {
		return "", false
	}
	return fields.valuesText(fields.stored[field], field, depth)
}

// valuesText is fieldText of the values stored into field.
func (fields *sqlFields) valuesText(stored []ssa.Value, field *types.Var, depth int) (string, bool) {
	if field == nil || fields.escaped[field] || len(stored) == 0 {
		return "", false
	}
	text, found := "", false
	for _, v := range stored {
		if loadsField(v, field) {
			continue
		}
		t, ok := fields.text(v, depth-1)
		if !ok || found && t != text {
			return "", false
		}
		text, found = t, true
	}
	return text, found
}

// loadsField reports whether v is field's own value, through placeholder
// rewrites.
func loadsField(v ssa.Value, field *types.Var) bool {
	for range 8 {
		switch x := Unwrap(v).(type) {
		case *ssa.Call:
			if v = rebound(x); v == nil {
				return false
			}
			continue
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			return ok && fieldVar(fa.X.Type(), fa.Field) == field
		case *ssa.Field:
			return fieldVar(x.X.Type(), x.Field) == field
		}
		return false
	}
	return false
}

// ownedField is a field of an embedded struct as a type that embeds it
// holds it.
type ownedField struct {
	owner *types.TypeName
	field *types.Var
}

// embeddingOwner returns the outermost named type whose embedded struct
// fa's field is reached through (r.tableName of r *userRepository, whose
// sqlRepository holds tableName), or nil for a field of the value's own
// type.
func embeddingOwner(fa *ssa.FieldAddr) *types.TypeName {
	var owner *types.TypeName
	for x := fa.X; ; {
		inner, ok := x.(*ssa.FieldAddr)
		if !ok {
			return owner
		}
		embedded := fieldVar(inner.X.Type(), inner.Field)
		n := ssautil.NamedOf(inner.X.Type())
		if embedded == nil || !embedded.Embedded() || n == nil {
			return owner
		}
		owner = n.Obj()
		x = inner.X
	}
}

// fieldVar returns the i'th field of the struct t is or points to.
func fieldVar(t types.Type, i int) *types.Var {
	st, ok := ssautil.DerefStruct(t)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// replacedText returns the text of strings.Replace(q, marker, with, n) or
// strings.ReplaceAll(q, marker, with) on a visible q: the statement with
// its marker rewritten, to with where that is visible and to a
// placeholder identifier otherwise. sqlc expands a slice parameter so on
// MySQL and SQLite (slug IN (/*SLICE:slugs*/?) becomes IN (?,?,?)).
func (fields *sqlFields) replacedText(call *ssa.Call, depth int) (string, bool) {
	f := callee(&call.Call)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != "strings" || f.Name() != "Replace" && f.Name() != "ReplaceAll" {
		return "", false
	}
	q, ok := fields.text(call.Call.Args[0], depth-1)
	if !ok {
		return "", false
	}
	marker, ok := constString(call.Call.Args[1])
	if !ok || marker == "" {
		return "", false
	}
	with, ok := constString(call.Call.Args[2])
	if !ok {
		with = "_"
	}
	return strings.Replace(q, marker, with, 1), true
}

// oneStatementText returns the text a phi of query texts carries when
// every path brings one and all are the same statement (verb and table):
// sqlc's query with its slice expanded on one path and NULL on the other.
// Paths that run different statements (an insert or an update chosen at
// run time) name none.
func (fields *sqlFields) oneStatementText(phi *ssa.Phi, depth int) (string, bool) {
	var first string
	var want sqlclass.Statement
	for i, e := range phi.Edges {
		if e == phi {
			continue
		}
		text, ok := fields.text(e, depth-1)
		if !ok {
			return "", false
		}
		st := sqlclass.Classify(text)
		if i == 0 || first == "" {
			first, want = text, st
			continue
		}
		if st.Kind != want.Kind || st.Table != want.Table {
			return "", false
		}
	}
	return first, first != ""
}
