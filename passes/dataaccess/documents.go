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

// readDocument completes a call on a document or key-value store from the
// Go values that say what SQL says in its text: DynamoDB's TableName and
// ConditionExpression fields, MongoDB's collection and upsert option,
// etcd's Txn If and Then ops.
func (m *modeler) readDocument(op *Op, c *ssa.CallCommon, row apis.Method, recv ssa.Value) {
	switch {
	case apis.IsDynamoDB(row.Pkg):
		readDynamoDB(op, arg(c, 1))
	case apis.IsMongo(row.Pkg):
		m.readMongo(op, c, recv)
	case apis.IsEtcd(row.Pkg) && row.Recv == "Txn":
		readEtcdTxn(op, recv)
	}
}

// readDynamoDB reads the input struct of a DynamoDB call: its tables
// (TableName, or the keys of a batch's RequestItems) and whether any
// write in it carries a condition. A write with a condition is atomic: a
// conditional insert, or for UpdateItem with a condition that does not
// test for absence, an update guarded by the item's state.
// An input that other code may complete (passed to a helper, stored
// away) may get a condition the analysis cannot see: precision first, it
// counts as one.
func readDynamoDB(op *Op, input ssa.Value) {
	var tables []string
	for _, v := range literalFields(input, "TableName") {
		if t := tableNameOf(v); t != "" && !slices.Contains(tables, t) {
			tables = append(tables, t)
		}
	}
	for _, v := range literalFields(input, "RequestItems") {
		tables = append(tables, mapKeyNames(v)...)
	}
	switch len(tables) {
	case 0:
	case 1:
		op.Resource.Table = tables[0]
	default:
		op.Resource.Tables = tables
	}
	if !op.Kind.IsWrite() {
		return
	}
	conds := literalFields(input, "ConditionExpression")
	conds = append(conds, literalFields(input, "ConditionCheck")...)
	if len(conds) == 0 && !escapes(input, op.Instr) {
		return
	}
	op.Kind = apis.CondInsert
	if op.Callee != nil && op.Callee.Name() == "UpdateItem" && len(conds) > 0 {
		if text, ok := constString(conds[0]); ok && !strings.Contains(text, "attribute_not_exists") {
			op.Kind, op.StateGuard = apis.Update, true
		}
	}
}

// readMongo names the collection a MongoDB call runs on, decides whether
// an update upserts, and takes the call's context as its handle: a
// session's transaction rides on the context, so a call made with the
// context of a WithTransaction callback joins it and any other commits
// on its own.
func (m *modeler) readMongo(op *Op, c *ssa.CallCommon, recv ssa.Value) {
	if op.Kind == apis.Begin {
		return
	}
	op.Resource.Table = collectionName(recv)
	if op.Kind == apis.Update && mayUpsert(c) {
		op.Kind = apis.CondInsert
	}
	ctx := arg(c, 0)
	op.Handle = Handle{Path: rootPath(ctx), Kind: apis.HandlePool}
	if p, ok := op.Handle.Path.Base.(*ssa.Parameter); ok && m.txFuncs[p.Parent()] && p.Parent().Params[0] == p {
		op.Handle.Kind = apis.HandleTx
	}
}

// collectionName names the collection a handle was made for: the
// constant argument of db.Collection("orders"), also behind an accessor
// of the package that returns one (func (s *Store) orders()
// *mongo.Collection), or where the handle lives (a field of a store
// type) when it was made elsewhere.
func collectionName(v ssa.Value) string {
	v = throughLocals(v)
	if name := madeCollection(v, 2); name != "" {
		return name
	}
	return valueName(v)
}

// madeCollection returns the constant name of db.Collection("orders") that
// v is, or that the function v calls returns on its one return, within
// depth accessors; "" when it is neither.
func madeCollection(v ssa.Value, depth int) string {
	call, ok := throughLocals(v).(*ssa.Call)
	if !ok {
		return ""
	}
	if f := callee(&call.Call); f != nil && f.Name() == "Collection" {
		return tableNameOf(arg(&call.Call, 0))
	}
	fn := call.Call.StaticCallee()
	if fn == nil || depth == 0 || fn.Signature.Results().Len() != 1 {
		return ""
	}
	var ret *ssa.Return
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if ret != nil {
				return "" // more than one way out: not a plain accessor
			}
			ret = r
		}
	}
	if ret == nil {
		return ""
	}
	return madeCollection(ret.Results[0], depth-1)
}

// mayUpsert reports whether an update's options may ask for an upsert:
// any option value not built, in sight, from an options constructor
// whose SetUpsert calls all pass false. Precision first: an option the
// analysis cannot read counts as an upsert.
func mayUpsert(c *ssa.CallCommon) bool {
	sig := c.Signature()
	if !sig.Variadic() {
		return false
	}
	opts := arg(c, sig.Params().Len()-1)
	if k, ok := opts.(*ssa.Const); ok && k.IsNil() {
		return false // no options
	}
	elems := variadicElems(opts)
	if elems == nil {
		return true // a slice passed on: cannot tell
	}
	for _, e := range elems {
		if !upsertOff(e) {
			return true
		}
	}
	return false
}

// upsertOff reports whether an options value is built by a chain from a
// constructor (options.Update(), options.UpdateOne()) in which every
// SetUpsert passes the constant false.
func upsertOff(v ssa.Value) bool {
	for range 16 {
		call, ok := throughLocals(v).(*ssa.Call)
		if !ok {
			return false
		}
		f := callee(&call.Call)
		if f == nil || f.Pkg() == nil || !strings.HasSuffix(f.Pkg().Path(), "/mongo/options") {
			return false
		}
		r := receiver(&call.Call)
		if r == nil {
			return true // the constructor: no upsert unless set
		}
		if f.Name() == "SetUpsert" {
			k, ok := Unwrap(arg(&call.Call, 0)).(*ssa.Const)
			if !ok || k.Value == nil || k.Value.Kind() != constant.Bool || constant.BoolVal(k.Value) {
				return false
			}
		}
		v = r
	}
	return false
}

// readEtcdTxn reads the chain of an etcd transaction ending in Commit:
// cli.Txn(ctx).If(cmp...).Then(ops...).Else(ops...). The key written is
// the first OpPut's; with any comparison in If the put is conditional
// (CreateRevision(k) == 0 makes it an insert-if-absent). A Txn that puts
// nothing writes no key the model follows.
func readEtcdTxn(op *Op, recv ssa.Value) {
	var conds bool
	var key ssa.Value
	v := recv
	for range 16 {
		call, ok := Unwrap(v).(*ssa.Call)
		if !ok || !call.Call.IsInvoke() {
			break
		}
		switch call.Call.Method.Name() {
		case "If":
			conds = conds || len(variadicElems(call.Call.Args[0])) > 0
		case "Then":
			for _, o := range variadicElems(call.Call.Args[0]) {
				if put, ok := Unwrap(o).(*ssa.Call); ok && key == nil {
					if f := callee(&put.Call); f != nil && f.Name() == "OpPut" {
						key = put.Call.Args[0]
					}
				}
			}
		case "Txn":
			op.Resource.Container = rootPath(call.Call.Value)
		}
		v = call.Call.Value
	}
	if key == nil || !op.Resource.Container.Valid() {
		op.Kind = apis.None
		return
	}
	op.Resource.Key = key
	if conds {
		op.Kind = apis.CondInsert
	}
}

// literalFields returns the values stored into the fields named name of
// the composite literal v and of the literals nested in it (the Put and
// Update of each TransactWriteItem), when v is built in sight.
func literalFields(v ssa.Value, name string) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var walk func(addr ssa.Value, depth int)
	value := func(v ssa.Value, depth int) {
		switch v := Unwrap(v).(type) {
		case *ssa.Alloc:
			walk(v, depth+1)
		case *ssa.Slice:
			walk(v.X, depth+1)
		case *ssa.UnOp:
			// A struct literal built in an Alloc and copied into place.
			if lit, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
				walk(lit, depth+1)
			}
		}
	}
	walk = func(addr ssa.Value, depth int) {
		if depth > 6 || seen[addr] {
			return
		}
		seen[addr] = true
		for _, ref := range *addr.Referrers() {
			var sub ssa.Value
			field := ""
			switch ref := ref.(type) {
			case *ssa.FieldAddr:
				sub, field = ref, ssautil.FieldName(ref.X.Type(), ref.Field)
			case *ssa.IndexAddr:
				sub = ref
			default:
				continue
			}
			for _, r := range *sub.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == sub {
					if field == name && !isNilConst(st.Val) {
						out = append(out, st.Val)
					}
					value(st.Val, depth)
				}
			}
			walk(sub, depth+1)
		}
	}
	if alloc, ok := Unwrap(v).(*ssa.Alloc); ok {
		walk(alloc, 0)
	}
	return out
}

// escapes reports whether an input literal reaches code other than the
// call that takes it: a helper it is passed to, a field it is stored in.
func escapes(input ssa.Value, call ssa.Instruction) bool {
	alloc, ok := Unwrap(input).(*ssa.Alloc)
	if !ok {
		return false // no literal in sight: its table is unknown too
	}
	for _, ref := range *alloc.Referrers() {
		switch ref.(type) {
		case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.DebugRef, *ssa.UnOp:
			continue
		}
		if ref != call {
			return true
		}
	}
	return false
}

func isNilConst(v ssa.Value) bool {
	k, ok := Unwrap(v).(*ssa.Const)
	return ok && k.IsNil()
}

// tableNameOf names the table or collection a value selects: the
// normalized constant ("orders", aws.String("orders")), or where the name
// lives (s.table) when it is not constant; "" when neither is known.
func tableNameOf(v ssa.Value) string {
	v = Unwrap(v)
	if call, ok := v.(*ssa.Call); ok && len(call.Call.Args) == 1 && call.Call.Signature().Recv() == nil {
		v = Unwrap(call.Call.Args[0]) // aws.String(name), a pointer helper
	}
	if s, ok := constString(v); ok {
		return normalizeTable(s)
	}
	return valueName(v)
}

// valueName spells where a non-constant value lives so that two loads of
// it compare equal: a field of a type (*store.Orders.2), a package
// variable, or a local value of one function. It returns "" for values
// the analysis cannot place.
func valueName(v ssa.Value) string {
	p := rootPath(v)
	switch {
	case !p.Valid():
		return ""
	case p.Fields != "":
		return "$" + types.TypeString(p.Base.Type(), nil) + p.Fields
	case p.Base.Parent() != nil:
		return "$" + p.Base.Parent().String() + "/" + p.Base.Name()
	}
	if g, ok := p.Base.(*ssa.Global); ok {
		return "$" + g.String()
	}
	return ""
}

// constString returns the string constant v is, through a local assigned
// once and a pointer to one.
func constString(v ssa.Value) (string, bool) {
	v = Unwrap(v)
	if l, ok := v.(*ssa.UnOp); ok {
		if stored := singleStore(l.X); stored != nil {
			v = Unwrap(stored)
		}
	}
	if call, ok := v.(*ssa.Call); ok && len(call.Call.Args) == 1 && call.Call.Signature().Recv() == nil {
		v = Unwrap(call.Call.Args[0])
	}
	if alloc, ok := v.(*ssa.Alloc); ok {
		if stored := singleStore(alloc); stored != nil {
			v = Unwrap(stored)
		}
	}
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// mapKeyNames returns the normalized constant keys of a map literal: the
// tables of a DynamoDB batch's RequestItems.
func mapKeyNames(v ssa.Value) []string {
	var names []string
	for _, k := range constMapKeys(v) {
		names = append(names, normalizeTable(k))
	}
	return names
}
