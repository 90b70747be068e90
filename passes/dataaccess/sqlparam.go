package dataaccess

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A query wrapper takes the SQL text from its caller and runs it:
// fider's trx.Exists("SELECT 1 FROM post_tags WHERE ...", args...) and
// trx.Execute("INSERT INTO post_tags ...", args...) run their command
// parameter on the transaction they hold. Inside the wrapper the text is
// not visible, so the wrapper performs no operation of its own; its
// summary says instead which parameter is SQL text (Summary.SQLParam), and
// each call is classified by the text its caller passes, as if the caller
// had run the statement on the wrapper's handle.

// sqlParamUse is a parameter of a function that one of its calls runs as
// SQL text, and the handle that call runs it on.
type sqlParamUse struct {
	param  int // receiver excluded; conflicting when two calls run different parameters
	handle Handle
}

// conflictingSQLParams marks a function whose calls run different
// parameters as SQL text: which one a caller's text goes to is not one
// answer, so none is recorded.
const conflictingSQLParams = -2

// noteSQLParam records that op, a query or exec whose SQL text is not
// visible, runs text that is a parameter of its function: the function is
// a query wrapper for that parameter.
func (m *modeler) noteSQLParam(op *Op, text ssa.Value) {
	p := sqlParamOf(op.Fn, text)
	if p < 0 {
		return
	}
	if use, ok := m.sqlParams[op.Fn]; ok && use.param != p {
		m.sqlParams[op.Fn] = sqlParamUse{param: conflictingSQLParams}
		return
	}
	m.sqlParams[op.Fn] = sqlParamUse{param: p, handle: op.Handle}
}

// sqlParamOf returns the index (receiver excluded) of the parameter of the
// named function fn that v is, directly or through rewrites of its text
// (strings.Replacer's Replace, strings.TrimSpace, sqlx's Rebind) and the
// joins of a branch that rewrote it or not (if debug { q = fmt(q) }), in a
// register or in a variable a deferred logger captures, or -1.
func sqlParamOf(fn *ssa.Function, v ssa.Value) int {
	if fn.Parent() != nil {
		return -1 // a literal's parameters are not its enclosing function's
	}
	p, ok := rootSQLParam(v, map[ssa.Value]bool{}, 8)
	if !ok || p == nil {
		return -1
	}
	return paramOf(fn, p)
}

// rootSQLParam returns the string parameter v is made from, and false
// when v is anything else. A join or a variable already being followed (a
// loop back to it, q = rewrite(q)) adds nothing: it answers nil and true.
func rootSQLParam(v ssa.Value, joins map[ssa.Value]bool, depth int) (*ssa.Parameter, bool) {
	if depth == 0 {
		return nil, false
	}
	switch x := Unwrap(v).(type) {
	case *ssa.Parameter:
		return x, ssautil.IsString(x.Type()) || rendersSQL(x.Type())
	case *ssa.Extract:
		call, ok := x.Tuple.(*ssa.Call)
		if !ok {
			return nil, false
		}
		if x.Index == 0 && isToSQL(call) {
			// query, args, err := sq.ToSql() on a builder the function is
			// handed: the caller's chain is the statement.
			p, ok := Unwrap(receiver(&call.Call)).(*ssa.Parameter)
			return p, ok
		}
		return rootThroughHelper(call, x.Index, joins, depth-1)
	case *ssa.Phi:
		if joins[x] {
			return nil, true
		}
		joins[x] = true
		var root *ssa.Parameter
		for _, e := range x.Edges {
			r, ok := rootSQLParam(e, joins, depth-1)
			if !ok || r != nil && root != nil && r != root {
				return nil, false
			}
			if r != nil {
				root = r
			}
		}
		return root, true
	case *ssa.UnOp:
		if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			return rootOfStores(alloc, joins, depth-1)
		}
	case *ssa.Call:
		if q := rebound(x); q != nil {
			return rootSQLParam(q, joins, depth-1)
		}
		if text := rewrittenText(&x.Call); text != nil {
			return rootSQLParam(text, joins, depth-1)
		}
	}
	return nil, false
}

// rootThroughHelper is rootSQLParam of result i of a call of a function
// of the same package that returns text made from one of its parameters
// (navidrome's toSQL(sq) renders the builder and rewrites its
// placeholders): the argument the call passes for that parameter. A
// return of "" (the error path) adds nothing.
func rootThroughHelper(call *ssa.Call, i int, joins map[ssa.Value]bool, depth int) (*ssa.Parameter, bool) {
	helper := call.Call.StaticCallee()
	if depth <= 0 || helper == nil || helper.Blocks == nil || helper.Parent() != nil || helper.Pkg != call.Parent().Pkg {
		return nil, false
	}
	var root *ssa.Parameter
	for _, b := range helper.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		if k, ok := ret.Results[i].(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == "" {
			continue
		}
		r, ok := rootSQLParam(ret.Results[i], map[ssa.Value]bool{}, depth)
		if !ok || r == nil || root != nil && r != root {
			return nil, false
		}
		root = r
	}
	if root == nil {
		return nil, false
	}
	at := slices.Index(helper.Params, root)
	if at < 0 || at >= len(call.Call.Args) {
		return nil, false
	}
	return rootSQLParam(call.Call.Args[at], joins, depth)
}

// rendersSQL reports whether values of t are a query builder that renders
// its SQL text (squirrel's Sqlizer, a builder type).
func rendersSQL(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"ToSql", "ToSQL"} {
		if sel := ms.Lookup(nil, name); sel != nil {
			if f, ok := sel.Obj().(*types.Func); ok && f.Pkg() != nil && apis.IsBuilderPkg(f.Pkg().Path()) {
				return true
			}
		}
	}
	return false
}

// rootOfStores is rootSQLParam of a local variable: the one parameter every
// store into it is made from. A closure may capture the variable to read
// it (a deferred log of the command); any other use leaves it unknown.
func rootOfStores(alloc *ssa.Alloc, joins map[ssa.Value]bool, depth int) (*ssa.Parameter, bool) {
	if joins[alloc] {
		return nil, true
	}
	joins[alloc] = true
	var root *ssa.Parameter
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != alloc {
				return nil, false
			}
			r, ok := rootSQLParam(ref.Val, joins, depth)
			if !ok || r != nil && root != nil && r != root {
				return nil, false
			}
			if r != nil {
				root = r
			}
		case *ssa.MakeClosure:
			if !onlyReadIn(ref, alloc) {
				return nil, false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return root, true
}

// rewrittenText returns the one string argument of a call of the strings
// package that returns a string made from it (strings.TrimSpace(q),
// replacer.Replace(q)), or nil: the statement is still q's.
func rewrittenText(c *ssa.CallCommon) ssa.Value {
	f := callee(c)
	if f == nil || f.Pkg() == nil {
		return nil
	}
	if f.Pkg().Path() == "regexp" && strings.HasPrefix(f.Name(), "ReplaceAll") && strings.Contains(f.Name(), "String") {
		return arg(c, 0) // placeholders rewritten: re.ReplaceAllStringFunc(q, f)
	}
	if f.Pkg().Path() != "strings" {
		return nil
	}
	res := c.Signature().Results()
	if res.Len() != 1 || !ssautil.IsString(res.At(0).Type()) {
		return nil
	}
	var text ssa.Value
	for i := 0; arg(c, i) != nil; i++ {
		if !ssautil.IsString(arg(c, i).Type()) {
			continue
		}
		if text != nil {
			return nil // strings.ReplaceAll(q, old, new): which is the statement is not known
		}
		text = arg(c, i)
	}
	return text
}

// withSQLParam completes the summary s of fn (nil when the body does
// nothing else the model sees) with the parameter fn runs as SQL text. A
// wrapper that also reads or writes on its own is left as it is: its
// callers' text would be only part of what a call does.
func (m *modeler) withSQLParam(fn *ssa.Function, s *Summary) *Summary {
	use, ok := m.sqlParams[fn]
	if !ok || use.param < 0 || s != nil && (s.Kind != apis.None || s.Effect) {
		return s
	}
	if s == nil {
		s = &Summary{HandleParam: -1, KeyParam: -1, ConflictParam: -1, TxFuncParam: -1, SavesParam: -1}
	}
	s.SQLParam = use.param
	s.HandleParam, s.HandleKind = commonHandle(fn, []*Op{{Handle: use.handle}})
	s.RecvHandle = s.HandleParam < 0 && s.HandleKind == apis.HandleUnknown &&
		fn.Signature.Recv() != nil && use.handle.Path.Base == fn.Params[0] && use.handle.Path.Fields != ""
	return s
}

// fromSQLParam classifies op, a call of a query wrapper whose summary s
// applySummary has filled in, by the SQL text the caller passes: the
// statement's kind and table, and a summary that says what the statement
// does (a plain insert is duplicable, an ON CONFLICT one is not), so the
// call stands for the statement wherever a summary is read. Text that is
// not visible is a parameter of the caller, which is then a wrapper too,
// or leaves the call unclassified.
func (m *modeler) fromSQLParam(op *Op, c *ssa.CallCommon, s *Summary) {
	if !m.classifyText(op, arg(c, s.SQLParam)) {
		return
	}
	if op.Kind == apis.None {
		return
	}
	direct := *op
	direct.Summary = nil
	st := *s
	st.SQLParam = -1
	st.Kind = op.Kind
	st.Table = op.Resource.Table
	st.StateGuard = op.StateGuard
	st.Locks = op.Locks
	st.Effect = op.Kind.IsWrite()
	st.Duplicable = Duplicable(&direct)
	st.NonIdempotent = NonIdempotent(&direct)
	st.DoublesWrite = DoublesWrite(&direct)
	st.Writes = writesTable(&direct)
	st.Claim = op.Kind.IsWrite() && apis.IsClaimTable(op.Resource.Table)
	op.Summary = &st
}

// onlyReadIn reports whether the closure mc makes only reads the variable
// it captures as v.
func onlyReadIn(mc *ssa.MakeClosure, v ssa.Value) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, b := range mc.Bindings {
		if b != v || i >= len(fn.FreeVars) {
			continue
		}
		for _, ref := range *fn.FreeVars[i].Referrers() {
			switch ref.(type) {
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				return false
			}
		}
	}
	return true
}
