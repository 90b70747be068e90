package dataaccess

import (
	"go/constant"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// builtSQL is the statement a query-builder chain builds, gathered from
// its calls (see apis.Part):
//
//	sq.Select("1").From("users").Where(...).RunWith(db).QueryRow()
//	goqu.Insert("keys").Rows(k).OnConflict(goqu.DoNothing()).Executor().Exec()
//	engine.SQL("SELECT ... FOR UPDATE").Get(&x)
type builtSQL struct {
	verb           apis.Part // PartSelect, PartInsert, PartUpdate, PartDelete or PartRaw
	table, from    string
	cols           []string
	where          []string
	prefix, suffix []string // in chain order once built
	raw            string
	rawArg         ssa.Value  // the argument raw is read from: NewQuery(q)'s q
	fields         *sqlFields // the package's SQL-holding fields (a repository's tableName)
	conflict, lock bool
	// runner is the handle the chain runs on: squirrel's RunWith(db), or
	// the database or transaction the chain starts from (goqu db.From).
	runner ssa.Value
}

// builtStatement rebuilds the SQL text of the builder chain v ends, and
// returns it with the handle the chain runs on; ok is false when the
// chain does not show what statement it builds.
func builtStatement(fields *sqlFields, v ssa.Value) (text string, runner ssa.Value, ok bool) {
	b, ok := chainOf(fields, v)
	if !ok {
		return "", nil, false
	}
	return b.text(), b.runner, true
}

// chainOf gathers the parts of the builder chain v ends; ok is false when
// the chain does not show what statement it builds.
func chainOf(fields *sqlFields, v ssa.Value) (b builtSQL, ok bool) {
	b.fields = fields
	for range 64 {
		if phi, ok := Unwrap(v).(*ssa.Phi); ok {
			if v = chainEdge(phi); v == nil {
				break
			}
			continue
		}
		c, isCall := Unwrap(v).(*ssa.Call)
		if !isCall {
			break
		}
		f := callee(&c.Call)
		if f == nil || f.Pkg() == nil {
			break
		}
		recvPkg, recvName := recvTypeName(f)
		if recvPkg == "" {
			recvPkg = f.Pkg().Path()
		}
		if !apis.IsBuilderPkg(recvPkg) {
			break
		}
		b.add(apis.BuilderPart(recvPkg, recvName, f.Name()), &c.Call)
		b.addMods(&c.Call, 0)
		if f.Name() == "RunWith" && b.runner == nil {
			b.runner = arg(&c.Call, 0)
		}
		next := receiver(&c.Call)
		if next == nil {
			break
		}
		if b.runner == nil && kindOfType(next.Type()) != apis.HandleUnknown {
			b.runner = next // goqu's db.From(...): the chain starts on the handle
		}
		v = next
	}
	if b.verb == apis.PartNone && b.from != "" {
		b.verb = apis.PartSelect // goqu.From("t").Where(...): a select of all columns
	}
	return b, b.verb != apis.PartNone
}

// chainEdge returns the edge of a join of builders that holds the most of
// the chain: a filter added on one path (if name != "" { q = q.Where(...)
// }), or the builder a loop extends (for k, v := range m { upd =
// upd.Set(k, v) }), whose back edge leads to the join itself; nil when no
// edge is a builder call.
func chainEdge(phi *ssa.Phi) ssa.Value {
	var best ssa.Value
	most := 0
	for _, e := range phi.Edges {
		if n := chainCalls(e, phi); n > most {
			best, most = e, n
		}
	}
	return best
}

// chainCalls counts the calls of the chain v ends, back to its start or a
// join; 0 when it comes back to the join phi (a loop's back edge).
func chainCalls(v ssa.Value, phi *ssa.Phi) int {
	n := 0
	for range 64 {
		switch x := Unwrap(v).(type) {
		case *ssa.Call:
			n++
			if v = receiver(&x.Call); v == nil {
				return n
			}
		case *ssa.Phi:
			if x == phi {
				return 0
			}
			return n
		default:
			return n
		}
	}
	return n
}

// add records one call's part; the chain is walked from its end, so the
// later calls come first.
func (b *builtSQL) add(p apis.Part, c *ssa.CallCommon) {
	texts := b.argTexts(arg(c, 0))
	first := ""
	if len(texts) > 0 {
		first = texts[0]
	}
	switch p {
	case apis.PartSelect:
		b.setVerb(p)
		for i := len(texts) - 1; i >= 0; i-- {
			if texts[i] != unknownText {
				b.cols = append([]string{texts[i]}, b.cols...)
			}
		}
	case apis.PartFrom:
		if first != unknownText {
			b.from = first
		}
	case apis.PartInsert, apis.PartUpdate, apis.PartDelete:
		b.setVerb(p)
		if b.table == "" && first != "" && first != unknownText {
			b.table = first // the latest call (Into) wins over Insert("")
		}
		b.where = append(b.where, conditionArgs(c)...)
	case apis.PartWhere:
		if first == "" || first == unknownText {
			first = "_ = _" // a condition we do not read
			if eq, ok := equalityMap(arg(c, 0)); ok {
				first = eq // sq.Eq{"key": k}, goqu.Ex{"key": k}
			}
		}
		b.where = append(b.where, first)
	case apis.PartPrefix:
		b.prefix = append(b.prefix, first)
	case apis.PartSuffix:
		b.suffix = append(b.suffix, first)
	case apis.PartRaw:
		b.verb, b.raw, b.rawArg = apis.PartRaw, first, arg(c, 0)
	case apis.PartConflict:
		b.conflict = true
	case apis.PartLock:
		b.lock = true
	}
}

// conditionArgs returns the conditions a statement's starter takes after
// its table, as an expression of column to value: dbx's Update(table,
// cols, dbx.HashExp{"id": id}) and Delete(table, dbx.HashExp{...}). The
// columns set (dbx.Params, a map type) are no condition.
func conditionArgs(c *ssa.CallCommon) []string {
	var conds []string
	params := c.Signature().Params()
	for i := 1; i < params.Len(); i++ {
		if !types.IsInterface(params.At(i).Type()) {
			continue
		}
		if eq, ok := equalityMap(arg(c, i)); ok {
			conds = append(conds, eq)
		}
	}
	return conds
}

// equalityMap renders a map literal of column to value (squirrel's Eq,
// goqu's Ex) as the conjunction of equalities it stands for.
func equalityMap(v ssa.Value) (string, bool) {
	if elems := variadicElems(v); len(elems) == 1 {
		v = elems[0] // goqu's Where(exps ...exp.Expression)
	}
	m, ok := Unwrap(v).(*ssa.MakeMap)
	if !ok {
		return "", false
	}
	var conds []string
	for _, ref := range *m.Referrers() {
		up, ok := ref.(*ssa.MapUpdate)
		if !ok || up.Map != m {
			continue
		}
		k, ok := up.Key.(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.String {
			return "", false
		}
		conds = append(conds, constant.StringVal(k.Value)+" = ?")
	}
	if len(conds) == 0 {
		return "", false
	}
	sort.Strings(conds) // map literal order is not the source's
	return strings.Join(conds, " AND "), true
}

// addMods reads the query mods a call takes as arguments, each a chain
// of its own: bob's psql.Insert(im.Into("t"), im.OnConflict("k").DoNothing()).
func (b *builtSQL) addMods(c *ssa.CallCommon, depth int) {
	if depth > 2 {
		return
	}
	for i := 0; arg(c, i) != nil; i++ {
		for _, mod := range variadicElems(arg(c, i)) {
			for v, n := Unwrap(mod), 0; n < 8; n++ {
				mc, ok := v.(*ssa.Call)
				if !ok {
					break
				}
				f := callee(&mc.Call)
				if f == nil || f.Pkg() == nil {
					break
				}
				pkg, recv := recvTypeName(f)
				if pkg == "" {
					pkg = f.Pkg().Path()
				}
				if !apis.IsBuilderPkg(pkg) {
					break
				}
				b.add(apis.BuilderPart(pkg, recv, f.Name()), &mc.Call)
				b.addMods(&mc.Call, depth+1)
				if v = receiver(&mc.Call); v == nil {
					break
				}
				v = Unwrap(v)
			}
		}
	}
}

// setVerb keeps the first statement kind seen from the chain's end.
// goqu's From(...).Select(...) is still a select when From comes first.
func (b *builtSQL) setVerb(p apis.Part) {
	if b.verb == apis.PartNone {
		b.verb = p
	}
}

func (b *builtSQL) text() string {
	slices.Reverse(b.prefix)
	slices.Reverse(b.suffix)
	var s strings.Builder
	for _, p := range b.prefix {
		s.WriteString(p + " ")
	}
	table := b.table
	if table == "" {
		table = b.from // squirrel's Delete("").From("t"), a select's table
	}
	if table == "" {
		table = unknownText
	}
	switch b.verb {
	case apis.PartRaw:
		s.WriteString(b.raw)
	case apis.PartSelect:
		cols := "*"
		if len(b.cols) > 0 {
			cols = strings.Join(b.cols, ", ")
		}
		s.WriteString("SELECT " + cols + " FROM " + table)
	case apis.PartInsert:
		s.WriteString("INSERT INTO " + table + " VALUES (_)")
	case apis.PartUpdate:
		s.WriteString("UPDATE " + table + " SET _ = _")
	case apis.PartDelete:
		s.WriteString("DELETE FROM " + table)
	}
	if len(b.where) > 0 {
		s.WriteString(" WHERE " + strings.Join(b.where, " AND "))
	}
	if b.conflict {
		s.WriteString(" ON CONFLICT DO NOTHING")
	}
	if b.lock {
		s.WriteString(" FOR UPDATE")
	}
	for _, p := range b.suffix {
		s.WriteString(" " + p)
	}
	return s.String()
}

// argTexts returns the SQL texts a builder argument holds: one string,
// or the elements of a variadic list of strings or table names (goqu's
// From("users") and From(goqu.T("users"))). Unknown elements are "_".
func (b *builtSQL) argTexts(v ssa.Value) []string {
	if v == nil {
		return nil
	}
	elems := variadicElems(v)
	if elems == nil {
		elems = []ssa.Value{v}
	}
	var texts []string
	for _, e := range elems {
		texts = append(texts, b.argText(e))
	}
	return texts
}

// unknownText stands for a builder argument whose text is not visible.
const unknownText = "_"

func (b *builtSQL) argText(v ssa.Value) string {
	if basic, ok := Unwrap(v).Type().Underlying().(*types.Basic); ok && basic.Info()&types.IsString != 0 {
		if s, ok := b.fields.text(v, 8); ok {
			return s
		}
	}
	if c, ok := Unwrap(v).(*ssa.Call); ok {
		if f := callee(&c.Call); f != nil && f.Pkg() != nil && apis.BuilderPart(f.Pkg().Path(), "", f.Name()) == apis.PartTable {
			if s, ok := b.fields.text(arg(&c.Call, 0), 8); ok {
				return s
			}
		}
	}
	return unknownText
}

// fromBuilder fills op from the statement its receiver's chain builds.
func (m *modeler) fromBuilder(op *Op, recv ssa.Value) {
	b, ok := chainOf(m.fields, recv)
	if !ok {
		op.Kind = apis.None
		return
	}
	if b.runner != nil {
		op.Handle = m.handleOf(b.runner)
	}
	if b.verb == apis.PartRaw && b.raw == unknownText && len(b.prefix)+len(b.suffix) == 0 {
		// dbx's NewQuery(query) in a wrapper: the text is the caller's.
		m.classifyText(op, b.rawArg)
		return
	}
	fixed := op.Kind
	op.setSQL(b.text())
	if fixed != apis.FromSQL { // goqu Count: the kind is the row's
		op.Kind = fixed
	}
}

// isToSQL reports whether call renders a builder chain to SQL text:
// squirrel's ToSql, goqu's ToSQL.
func isToSQL(call *ssa.Call) bool {
	f := callee(&call.Call)
	if f == nil || f.Pkg() == nil || f.Name() != "ToSql" && f.Name() != "ToSQL" {
		return false
	}
	pkg, _ := recvTypeName(f)
	return apis.IsBuilderPkg(pkg)
}
