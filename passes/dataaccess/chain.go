package dataaccess

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// readChain applies the modifiers of a builder chain to op, walking from
// the terminal call's receiver back to the handle:
//
//	db.Clauses(clause.OnConflict{DoNothing: true}).Create(&k)  // conditional
//	db.Clauses(clause.Locking{Strength: "UPDATE"}).First(&o)   // locks
//	db.NewInsert().Model(&k).On("CONFLICT (key) DO NOTHING")   // conditional
//	db.Model(&Order{}).Where(...).Count(&n)                    // resource
func (m *modeler) readChain(op *Op, v ssa.Value) {
	descending, limitOne := false, false
	defer func() { op.Latest = op.Latest || descending && limitOne }()
	for range 64 {
		if phi, ok := v.(*ssa.Phi); ok {
			// query = query.Not(...) under an if: the part every arm
			// shares is what the query surely does.
			if v = sharedChain(phi); v == nil {
				return
			}
			continue
		}
		c, ok := v.(*ssa.Call)
		if !ok {
			return
		}
		f := callee(&c.Call)
		if f == nil || receiver(&c.Call) == nil {
			return
		}
		// The chain's first call may return another package's builder
		// (go-pg's db.Model returns an orm.Query): it is read, and ends
		// the walk.
		next := chainReceiver(c)
		switch f.Name() {
		case "Clauses":
			for _, cl := range variadicElems(arg(&c.Call, 0)) {
				switch clauseName(cl) {
				case "OnConflict", "Insert": // clause.Insert{Modifier: "IGNORE"}
					// FirstOrCreate's insert takes the clause too: a lookup,
					// then INSERT ... ON CONFLICT DO NOTHING.
					if op.Kind == apis.Insert || op.Kind == apis.FindOrCreate {
						op.Kind = apis.CondInsert
						op.Overwrites = upsertClause(cl)
						op.ConflictClause = cl
					}
				case "Locking":
					op.Locks = true
				}
			}
		case "Model":
			if t := modelName(arg(&c.Call, 0)); t != "" && op.Resource.Table == "" {
				op.Resource.Table = t
			} else if op.Resource.Table == "" {
				op.TableHole = modelHole(arg(&c.Call, 0))
			}
		case "Table", "ModelTableExpr", "TableExpr":
			if s, ok := sqlText(arg(&c.Call, 0)); ok && op.Resource.Table == "" {
				op.Resource.Table = normalizeTable(firstWord(s))
			}
		case "On":
			if s, ok := sqlText(arg(&c.Call, 0)); ok && strings.Contains(strings.ToUpper(s), "CONFLICT") && op.Kind == apis.Insert {
				op.Kind = apis.CondInsert
				op.Overwrites = upsertText(s)
				op.ConflictColumns = sqlclass.Classify("INSERT INTO t (c) VALUES (1) ON " + s).ConflictColumns
			}
		case "Ignore":
			if op.Kind == apis.Insert {
				op.Kind = apis.CondInsert
			}
		case "OnConflict": // go-pg OnConflict("(key) DO NOTHING"), goqu OnConflict(goqu.DoNothing())
			if op.Kind == apis.Insert {
				op.Kind = apis.CondInsert
			}
		case "Order", "OrderExpr", "OrderBy":
			// bun Order("created_at DESC", "sort_id DESC"), gorm
			// Order("created_at desc"), sqlx builders' OrderBy.
			for _, o := range append(variadicElems(arg(&c.Call, 0)), arg(&c.Call, 0)) {
				if s, ok := sqlText(o); ok && slices.Contains(strings.FieldsFunc(strings.ToLower(s), isOrderSeparator), "desc") {
					descending = true
				}
			}
		case "Desc": // xorm Desc("created")
			descending = true
		case "Limit":
			if k, ok := arg(&c.Call, 0).(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int && k.Int64() == 1 {
				limitOne = true
			}
		case "For", "ForUpdate": // bun and go-pg For("UPDATE"), xorm and goqu ForUpdate()
			op.Locks = true
		case "SQL", "RawQuery": // xorm SQL(text).Get(&x), pop RawQuery(text).First(&x)
			if s, ok := sqlText(arg(&c.Call, 0)); ok {
				st := sqlclass.Classify(s)
				op.Locks = op.Locks || st.ForUpdate
				if op.Resource.Table == "" {
					op.Resource.Table = normalizeTable(st.Table)
				}
				if op.SQL == nil {
					op.SQL = &st // the statement the chain runs: its table and the columns it matches
				}
			}
		case "Where", "And":
			// db.Model(&o).Where("status = ?", old).Update(...): the
			// condition is SQL; classified as the WHERE of an UPDATE.
			// On a read, the same test selects rows by their state
			// (Where("sent_at IS NULL").Find(&pending)).
			if s, ok := sqlText(arg(&c.Call, 0)); ok {
				op.addCondition(s)
				switch op.Kind {
				case apis.Update, apis.Delete:
					op.StateGuard = op.StateGuard || sqlclass.Classify("UPDATE t SET x = 1 WHERE "+s).StateGuard
				case apis.Read, apis.Exists:
					op.SelectsByState = op.SelectsByState || selectsByState(s, argsFrom(&c.Call, 1))
				}
			}
		}
		if next == nil {
			return
		}
		v = next
	}
}

// isOrderSeparator splits an ORDER BY list into words:
// "created_at DESC, id DESC".
func isOrderSeparator(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' }

// sharedChain returns the nearest value of a builder chain that every
// edge of phi extends (the query before an optional filter was added),
// or nil.
func sharedChain(phi *ssa.Phi) ssa.Value {
	var first []ssa.Value
	for i, e := range phi.Edges {
		var seq []ssa.Value
		for v := e; v != nil && len(seq) < 64; {
			seq = append(seq, v)
			c, ok := v.(*ssa.Call)
			if !ok {
				break
			}
			v = chainReceiver(c)
		}
		if i == 0 {
			first = seq
			continue
		}
		first = slices.DeleteFunc(first, func(v ssa.Value) bool { return !slices.Contains(seq, v) })
	}
	if len(first) == 0 || first[0] == phi {
		return nil
	}
	return first[0]
}

// addCondition adds one visible WHERE condition of an ORM chain.
func (op *Op) addCondition(s string) {
	if op.Condition != "" {
		s = op.Condition + " AND " + s
	}
	op.Condition = s
}

// clauseName returns the type name of a gorm clause value.
func clauseName(v ssa.Value) string {
	v = Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok {
		v = load.X
	}
	n := ssautil.NamedOf(v.Type())
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != apis.GormClausePkg {
		return ""
	}
	return n.Obj().Name()
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// isolationOption returns the isolation level a Begin call's options ask
// for: &sql.TxOptions{Isolation: sql.LevelSerializable} or
// pgx.TxOptions{IsoLevel: pgx.Serializable}.
func isolationOption(c *ssa.CallCommon) string {
	for _, a := range c.Args {
		if level := isolationField(a); level != "" {
			return level
		}
	}
	return ""
}

func isolationField(v ssa.Value) string {
	for _, val := range literalFieldStores(v, "Isolation", "IsoLevel") {
		if k, ok := val.(*ssa.Const); ok && k.Value != nil {
			return isolationName(k.Value)
		}
	}
	return ""
}

// literalFieldStores returns the values stored into the named fields of
// the struct literal v is (or is loaded from), or into all of its fields
// when no name is given: &sql.TxOptions{Isolation: ...},
// clause.OnConflict{UpdateAll: true}.
func literalFieldStores(v ssa.Value, names ...string) []ssa.Value {
	v = Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok {
		v = load.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	st, ok := types.Unalias(alloc.Type().(*types.Pointer).Elem()).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || len(names) > 0 && !slices.Contains(names, st.Field(fa.Field).Name()) {
			continue
		}
		for _, r := range *fa.Referrers() {
			if store, ok := r.(*ssa.Store); ok && store.Addr == fa {
				out = append(out, store.Val)
			}
		}
	}
	return out
}

// isolationName maps database/sql's IsolationLevel numbers and pgx's
// TxIsoLevel strings to SQL's names.
func isolationName(v constant.Value) string {
	if v.Kind() == constant.String {
		return strings.ToLower(constant.StringVal(v))
	}
	if n, ok := constant.Int64Val(v); ok {
		switch n {
		case 4, 5: // LevelRepeatableRead, LevelSnapshot
			return "repeatable read"
		case 6, 7: // LevelSerializable, LevelLinearizable
			return "serializable"
		}
	}
	return ""
}

// selectsByState reports whether an ORM read's condition picks rows by
// their state: a non-key column compared with a constant, written in the
// text (sent_at IS NULL) or bound to a placeholder (is_used = ?, false).
// A placeholder bound to the caller's value (owner = ?, owner) looks rows
// up by it.
func selectsByState(cond string, args []ssa.Value) bool {
	return sqlclass.Classify("SELECT * FROM t WHERE " + bindConstants(cond, spreadArgs(args))).SelectsByState
}

// bindConstants writes into cond's ? placeholders the arguments that are
// constants, as SQL literals; the others stay placeholders.
func bindConstants(cond string, args []ssa.Value) string {
	var b strings.Builder
	n := 0
	for _, r := range cond {
		if r != '?' {
			b.WriteRune(r)
			continue
		}
		lit := "?"
		if n < len(args) {
			if k, ok := Unwrap(args[n]).(*ssa.Const); ok {
				lit = sqlLiteral(k)
			}
		}
		b.WriteString(lit)
		n++
	}
	return b.String()
}

// sqlLiteral spells a constant as SQL would: NULL, TRUE, 'text', 42.
func sqlLiteral(k *ssa.Const) string {
	switch {
	case k.Value == nil:
		return "NULL"
	case k.Value.Kind() == constant.String:
		return "'" + strings.ReplaceAll(constant.StringVal(k.Value), "'", "''") + "'"
	case k.Value.Kind() == constant.Bool:
		return strings.ToUpper(k.Value.String())
	}
	return k.Value.ExactString()
}

// argsFrom returns a call's arguments from the i-th on, the receiver of a
// static method call left out, as arg counts them.
func argsFrom(c *ssa.CallCommon, i int) []ssa.Value {
	var out []ssa.Value
	for a := arg(c, i); a != nil; a = arg(c, i) {
		out = append(out, a)
		i++
	}
	return out
}
