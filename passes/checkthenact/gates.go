package checkthenact

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// What a status gate tests: the state values a read loads into the
// record (fields, scanned columns, the record's own predicates) and the
// branches on them (a comparison with a constant, a predicate of the
// state, a timestamp set or not).

// gatesOf returns the branches on state fields of the record op loads.
func gatesOf(op *dataaccess.Op) []gate {
	var gates []gate
	readInstr, ok := op.Instr.(*ssa.Call)
	if !ok {
		return nil
	}
	// A window's comparison is read with its direction (windowgate.go);
	// After or Before of the time alone is no state predicate then.
	windows := windowGates(op)
	seen := map[*ssa.If]bool{}
	for _, w := range windows {
		seen[w.ifi] = true
	}
	records := recordValues(op)
	for _, sv := range stateValues(op) {
		for _, ifi := range branchesOn(sv.v) {
			if seen[ifi] || !ssautil.Before(readInstr, ifi) || assignedBefore(records, sv.field, ifi) {
				continue
			}
			seen[ifi] = true
			gates = append(gates, gate{read: op, ifi: ifi, field: sv.field, fn: op.Fn, at: readInstr, records: records})
		}
	}
	return append(gates, windows...)
}

// assignedBefore reports whether the code stores into the field of the
// record before the branch: the test is then of the value it stored (the
// request's new content, comment.Content = form.Body), not of the row's
// state.
func assignedBefore(records []ssa.Value, field string, ifi *ssa.If) bool {
	if field == "" {
		return false
	}
	return slices.ContainsFunc(fieldStores(records, field), func(st *ssa.Store) bool { return ssautil.Before(st, ifi) })
}

// fieldStores returns the stores into the named field of the records.
func fieldStores(records []ssa.Value, field string) []*ssa.Store {
	var stores []*ssa.Store
	for _, rec := range records {
		for _, ref := range *rec.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || ssautil.FieldName(fa.X.Type(), fa.Field) != field {
				continue
			}
			for _, use := range *fa.Referrers() {
				if st, ok := use.(*ssa.Store); ok && st.Addr == fa {
					stores = append(stores, st)
				}
			}
		}
	}
	return stores
}

// stateValue is a loaded field of the record, or a scanned column.
type stateValue struct {
	v     ssa.Value
	field string
}

// stateValues returns the values a read loads into non-key fields: fields
// of a returned record, and of the variables the read (or the Scan on its
// result) fills through pointers. An existence check that also loads the
// record (xorm's Get, a helper returning the record or nil) is a read of
// its state too.
func stateValues(op *dataaccess.Op) []stateValue {
	var out []stateValue
	for _, rec := range recordValues(op) {
		if op.Kind == apis.Exists && !isRecordType(rec.Type()) {
			// The count or flag an existence check scans is its answer
			// (found or not), not a state; a record it fills (xorm's
			// Get(&bill), a loader's *Bill) holds one.
			continue
		}
		out = append(out, fieldLoads(rec, "", 0)...)
		out = append(out, getterStates(rec)...)
		out = append(out, recordPredicates(rec)...)
	}
	return append(out, returnedStates(op)...)
}

// getterStates returns what the record's nil-safe getters of its
// non-key fields answer (d.GetBuilds(), b.GetStatus()), as API types
// with pointer fields have them: each is the field's value.
func getterStates(rec ssa.Value) []stateValue {
	var out []stateValue
	for _, v := range getterValues(rec, func(t types.Type, i int) bool { return !isKeyField(ssautil.FieldName(t, i)) }) {
		_, field, _ := dataaccess.GetterField(v.(*ssa.Call))
		out = append(out, stateValue{v, ssautil.FieldName(v.(*ssa.Call).Call.Args[0].Type(), field)})
	}
	return out
}

// returnedStates returns the state a read of the module's own returns as
// a string, not in a record: a helper's getPaymentStatus(ctx, tx, id)
// (string, error) over SELECT status ... FOR UPDATE, a repository's
// GetOrderStatus. A lookup's other strings (a name, a token) are no
// state: only helpers, whose body the model read, and interface methods
// named for a state are taken.
func returnedStates(op *dataaccess.Op) []stateValue {
	if op.Kind != apis.Read || op.Summary == nil && (op.Callee == nil || !apis.IsStateLookupName(op.Callee.Name())) {
		return nil
	}
	call := op.Instr.(*ssa.Call)
	var out []stateValue
	if ssautil.IsString(call.Type()) {
		out = append(out, stateValue{v: call})
	}
	for _, ref := range *call.Referrers() {
		if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 && ssautil.IsString(e.Type()) {
			out = append(out, stateValue{v: e})
		}
	}
	return out
}

// recordPredicates returns the results of the record's own predicates
// called on it (inv.IsSettled(), order.IsPaid()): each reads the state
// in the record's package, where this package cannot see its body. A
// predicate that says whether the record was found (IsZero) tests its
// existence, not its state.
func recordPredicates(rec ssa.Value) []stateValue {
	var out []stateValue
	for _, call := range recordMethodCalls(rec) {
		if len(call.Call.Args) == 1 && ssautil.ReturnsBool(call) && !existencePredicates[call.Call.StaticCallee().Name()] {
			out = append(out, stateValue{call, ""})
		}
	}
	return out
}

// recordMethodCalls returns the calls of the record's own methods on it:
// on the record, or, for a pointer, on each value loaded from it (value
// receivers).
func recordMethodCalls(rec ssa.Value) []*ssa.Call {
	receivers := []ssa.Value{rec}
	if _, isPtr := rec.Type().Underlying().(*types.Pointer); isPtr {
		receivers = append(receivers, ssautil.LoadsOf(rec)...)
	}
	var out []*ssa.Call
	for _, r := range receivers {
		for _, ref := range *r.Referrers() {
			call, ok := ref.(*ssa.Call)
			if !ok || len(call.Call.Args) == 0 || call.Call.Args[0] != r {
				continue
			}
			if fn := call.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil {
				out = append(out, call)
			}
		}
	}
	return out
}

// existencePredicates are the names of record methods that test whether
// a read found the record.
var existencePredicates = map[string]bool{
	"IsZero": true, "IsEmpty": true, "IsNil": true, "Exists": true, "Found": true, "IsNew": true,
}

// isStatePredicate reports whether call is a test of the state value v
// alone: a function or method of v's own type (terminal(p.Status),
// p.Status.IsFinal(), slices.Contains(done, p.Status)) whose arguments are
// values, not a context or a handle that would make it a lookup of
// something else, and whose result is a bool.
func isStatePredicate(call *ssa.Call, v ssa.Value) bool {
	if call.Call.StaticCallee() == nil || !ssautil.ReturnsBool(call) || !slices.Contains(call.Call.Args, v) {
		return false
	}
	for _, a := range call.Call.Args {
		if !isPlainValue(a.Type()) {
			return false
		}
	}
	return true
}

// isPlainValue reports whether t is a basic type or a slice or array of
// one (a state, a constant, a list of states), or a time (a timestamp set
// when the state changed: !p.SentAt.IsZero()).
func isPlainValue(t types.Type) bool {
	if ssautil.IsTime(t) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Slice:
		_, ok := u.Elem().Underlying().(*types.Basic)
		return ok
	case *types.Array:
		_, ok := u.Elem().Underlying().(*types.Basic)
		return ok
	}
	return false
}

func isTimePointer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	return ok && ssautil.IsTime(p.Elem())
}

// recordValues returns the values that hold the read's record: a struct
// or pointer result, and the pointers passed to the read or to a Scan on
// its result.
func recordValues(op *dataaccess.Op) []ssa.Value {
	call, ok := op.Instr.(*ssa.Call)
	if !ok {
		return nil
	}
	var recs []ssa.Value
	addResult := func(v ssa.Value) {
		if !isRecordType(v.Type()) {
			return
		}
		recs = append(recs, v)
		// u := findUser(...); u.ID: a struct kept in a variable whose
		// fields are read in place.
		for _, ref := range *v.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Val == v {
				switch cell := st.Addr.(type) {
				case *ssa.Alloc:
					recs = append(recs, cell)
				case *ssa.FreeVar:
					// a, err = load(...) in a closure, a declared in the
					// function around it: its loads root there.
					recs = append(recs, cell)
					if p := dataaccess.RootPath(cell); p.Valid() && p.Fields == "" && p.Base != cell {
						recs = append(recs, p.Base)
					}
				}
			}
		}
	}
	addResult(call)
	for _, rec := range dataaccess.RequestRecords(call) {
		addResult(rec) // c.MustGet("build").(*Build): what a middleware read
	}
	for _, collect := range collectedRows(call) {
		for _, ref := range *collect.Referrers() {
			if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 {
				addResult(e) // pgx.CollectOneRow's record
			}
		}
	}
	for _, ref := range *call.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Extract:
			addResult(ref)
		case *ssa.Call:
			// row.Scan(&a, &b), result.Decode(&v); on an interface
			// (pgx.Row) the receiver is not among the arguments.
			switch {
			case dataaccess.Callee(&ref.Call) == nil:
			case ref.Call.IsInvoke() && ref.Call.Value == call:
				recs = append(recs, outParams(ref.Call.Args)...)
			case len(ref.Call.Args) > 0 && ref.Call.Args[0] == call:
				recs = append(recs, outParams(ref.Call.Args[1:])...)
			}
		}
	}
	for _, res := range dataaccess.DispatchedResults(op) {
		addResult(res)
	}
	for _, model := range dataaccess.ChainModels(op) {
		if model.Referrers() != nil { // not a constant: Model((*T)(nil)) names a table
			addResult(model) // bun's Model(o) ... Scan(ctx) fills o
		}
	}
	for _, out := range outParams(call.Call.Args) {
		if op.Summary != nil && readBefore(out, call) {
			continue // the caller's input (request parameters it read), not what the helper loads
		}
		recs = append(recs, out)
	}
	return recs
}

// readBefore reports whether a field of the variable v points to is read
// on some path to call: the caller filled it and looked at it, so a helper
// that takes it reads it too (shouldCreateUser(r, params) after params was
// decoded and checked).
func readBefore(v ssa.Value, call *ssa.Call) bool {
	for _, ref := range *v.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, load := range ssautil.LoadsOf(fa) {
			if instr, ok := load.(ssa.Instruction); ok && ssautil.Reachable(instr, call) {
				return true
			}
		}
	}
	return false
}

// outParams returns the local variables and fields passed by pointer, and
// a record pointer a closure captured.
func outParams(args []ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, a := range args {
		if elems := dataaccess.VariadicElems(a); elems != nil {
			out = append(out, outParams(elems)...)
			continue
		}
		switch v := dataaccess.Unwrap(a).(type) {
		case *ssa.Alloc, *ssa.FieldAddr:
			out = append(out, v)
		case *ssa.FreeVar:
			// var inv Invoice declared around db.Transaction's closure
			// and filled inside it (First(&inv)): the closure holds its
			// address.
			if isPointer(v.Type()) && isRecordType(v.Type()) {
				out = append(out, v)
			}
		case *ssa.UnOp:
			// r := &Redemption{} filled inside db.Transaction's closure:
			// each use there loads the captured variable anew.
			if fv, ok := v.X.(*ssa.FreeVar); ok && v.Op == token.MUL && isRecordType(v.Type()) && isPointer(v.Type()) {
				out = append(out, ssautil.LoadsOf(fv)...)
				if p := dataaccess.RootPath(v); p.Valid() && p.Fields == "" {
					out = append(out, p.Base)
				}
			}
		}
	}
	return out
}

// fieldLoads follows a record value to the loads of its non-key fields.
// A scalar variable filled by Scan is its own state value.
func fieldLoads(v ssa.Value, field string, depth int) []stateValue {
	if depth > 9 { // nested records; authorizer's reached 4
		return nil
	}
	var out []stateValue
	if fa, ok := v.(*ssa.FieldAddr); ok {
		// &o.Status passed to Scan: every load of that field of o.
		field = ssautil.FieldName(fa.X.Type(), fa.Field)
		if base, ok := fa.X.(*ssa.Alloc); ok {
			for _, ref := range *base.Referrers() {
				if other, ok := ref.(*ssa.FieldAddr); ok && other.Field == fa.Field {
					out = append(out, loadsWithField(other, field)...)
					out = append(out, nullablePartLoads(other, field)...)
				}
			}
			return out
		}
		return append(loadsWithField(fa, field), nullablePartLoads(fa, field)...)
	}
	if _, isPtr := v.Type().Underlying().(*types.Pointer); isPtr {
		if isBasicPointer(v.Type()) {
			return loadsWithField(v, field) // var status string; Scan(&status)
		}
		if elem, ok := v.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Pointer); ok && isRecordType(elem) {
			// The variable holding a *Record, on the heap because a
			// closure captures it: the record is each value loaded from it.
			for _, l := range ssautil.LoadsOf(v) {
				out = append(out, fieldLoads(l, field, depth+1)...)
			}
			return out
		}
		for _, ref := range *v.Referrers() {
			if fa, ok := ref.(*ssa.FieldAddr); ok {
				name := nullableName(fa)
				if isKeyField(name) && !isProviderRef(fa.X.Type(), name) && !isPlanRef(name) || isKindField(name) {
					continue
				}
				out = append(out, loadsWithField(fa, name)...)
				out = append(out, fieldLoads(fa, name, depth+1)...)
				out = append(out, elementLoads(fa, depth+1)...)
			}
		}
		return out
	}
	for _, ref := range *v.Referrers() {
		if f, ok := ref.(*ssa.Field); ok {
			name := ssautil.FieldName(f.X.Type(), f.Field)
			if (!isKeyField(name) || isProviderRef(f.X.Type(), name) || isPlanRef(name)) && !isKindField(name) {
				out = append(out, stateValue{f, name})
				out = append(out, nullableParts(f, name)...)
			}
		}
	}
	return out
}

// elementLoads returns the state values of the elements of a slice the
// record holds in field addr (a recovery code's Used flag among the
// user's codes, a line's state among the order's): each element indexed
// or ranged over is a record of its own whose fields the gate may test.
func elementLoads(addr *ssa.FieldAddr, depth int) []stateValue {
	var out []stateValue
	for _, slice := range ssautil.LoadsOf(addr) {
		if _, ok := slice.Type().Underlying().(*types.Slice); !ok {
			continue
		}
		for _, ref := range *slice.Referrers() {
			elem, ok := ref.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			if isRecordType(elem.Type().Underlying().(*types.Pointer).Elem()) {
				out = append(out, fieldLoads(elem, "", depth)...) // []Code: codes[i].Used
			}
			for _, l := range ssautil.LoadsOf(elem) { // for _, c := range codes; []*Code
				out = append(out, fieldLoads(l, "", depth)...)
				for _, ref := range *l.Referrers() {
					if st, ok := ref.(*ssa.Store); ok && st.Val == l {
						if local, ok := st.Addr.(*ssa.Alloc); ok { // the range variable
							out = append(out, fieldLoads(local, "", depth)...)
						}
					}
				}
			}
		}
	}
	return out
}

func loadsWithField(addr ssa.Value, field string) []stateValue {
	var out []stateValue
	for _, l := range ssautil.LoadsOf(addr) {
		out = append(out, stateValue{l, field})
	}
	return out
}

// branchesOn returns the ifs that branch on v compared with a constant,
// on a predicate of v, or on v itself when it is a bool.
func branchesOn(v ssa.Value) []*ssa.If {
	var ifs []*ssa.If
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.If:
			ifs = append(ifs, ref)
		case *ssa.UnOp:
			if ref.Op == token.NOT {
				ifs = append(ifs, ifsOf(ref)...)
			}
		case *ssa.Call:
			if isStatePredicate(ref, v) {
				ifs = append(ifs, branchesOn(ref)...)
			}
		case *ssa.Lookup:
			if member := stateSetMember(ref, v); member != nil {
				ifs = append(ifs, branchesOn(member)...)
			}
		case *ssa.BinOp:
			other := ref.Y
			if ref.Y == v {
				other = ref.X
			}
			if k, ok := other.(*ssa.Const); ok && (k.Value != nil || isTimePointer(v.Type())) {
				// A state, or a timestamp set when the state changed
				// (PaidAt != nil); a nil test of another pointer asks
				// whether something was loaded.
				ifs = append(ifs, ifsOf(ref)...)
			}
		}
	}
	return ifs
}

// stateSetMember returns the bool a lookup of state v in a package-level
// set of states answers (retryable[status], or the ok of _, ok :=
// allowed[status]), or nil: the set lists the states the gate lets
// through.
func stateSetMember(l *ssa.Lookup, v ssa.Value) ssa.Value {
	load, ok := l.X.(*ssa.UnOp)
	if l.Index != v || !ok || load.Op != token.MUL {
		return nil
	}
	if _, global := load.X.(*ssa.Global); !global {
		return nil
	}
	if !l.CommaOk {
		if ssautil.IsBool(l.Type()) {
			return l
		}
		return nil
	}
	for _, ok := range ssautil.Extracts(l, 1) {
		return ok
	}
	return nil
}

func ifsOf(v ssa.Value) []*ssa.If {
	var ifs []*ssa.If
	for _, ref := range *v.Referrers() {
		if ifi, ok := ref.(*ssa.If); ok {
			ifs = append(ifs, ifi)
		}
	}
	return ifs
}

// isRecordType reports whether t is a struct, or a pointer to one, of a
// package other than the data-access libraries: a record a repository
// returns (not a *sql.Row or a *gorm.DB).
func isRecordType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || apis.KnownPackage(n.Obj().Pkg().Path()) {
		return false
	}
	_, isStruct := n.Underlying().(*types.Struct)
	return isStruct
}

func isBasicPointer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, basic := p.Elem().Underlying().(*types.Basic)
	return basic
}

// isKindField reports whether a field says what the record is (its
// Type, Kind or Category, set when it is created), not where it is in its
// life: a test of it routes the request (an edit only of plain comments,
// a balance query per provider type, a storage provider's client) and no
// write moves the record past it.
func isKindField(name string) bool {
	return strings.HasSuffix(name, "Type") || strings.HasSuffix(name, "Kind") || strings.HasSuffix(name, "Category")
}

// isProviderRef reports whether a key-like field of a record of type t
// holds the id of an object made elsewhere, recorded once it exists
// (order.PaymentIntentID, sub.StripeCustomerID, booking.ExternalID): the
// field is empty until then, and testing it is a status gate ("no
// payment intent yet: create one"), not a test of the record's own key.
func isProviderRef(t types.Type, name string) bool {
	if n := ssautil.NamedOf(t); n != nil && (name == n.Obj().Name()+"ID" || name == n.Obj().Name()+"Id") {
		return false
	}
	for _, w := range apis.SplitWords(name) {
		if providerObjects[w] {
			return true
		}
	}
	return false
}

// providerObjects are the words of the objects a payment, billing or
// identity provider makes and a service records the id of.
var providerObjects = map[string]bool{
	"payment": true, "intent": true, "charge": true, "checkout": true, "invoice": true,
	"subscription": true, "customer": true, "refund": true, "payout": true, "transfer": true,
	"external": true, "stripe": true, "paypal": true, "remote": true,
}

// isPlanRef reports whether a key-like field names the plan or product
// the record is on (sub.ProductID, account.PlanID): see
// sqlclass.IsPlanColumn. Testing it against a constant (ProductID ==
// "free") is a gate, as a status test is.
func isPlanRef(name string) bool {
	return sqlclass.IsPlanColumn(strings.Join(apis.SplitWords(name), "_"))
}

// isKeyField reports whether a field identifies the record rather than
// holding its state: testing it is an existence check, not a gate. A slug
// is the record's name in URLs, unique like its id: testing it against a
// constant (the reserved "default" project) picks the record, and the
// update that renames it moves no record past a state.
func isKeyField(name string) bool {
	return name == "ID" || name == "Id" || strings.HasSuffix(name, "ID") || strings.HasSuffix(name, "Id") ||
		strings.HasSuffix(name, "Key") || name == "UUID" || strings.HasSuffix(name, "Slug")
}

// nullableName names the field fa addresses, but for the Valid flag of a
// nullable scanned into a variable (var processedAt sql.NullTime;
// processedAt.Valid) the variable, which names the column.
func nullableName(fa *ssa.FieldAddr) string {
	name := ssautil.FieldName(fa.X.Type(), fa.Field)
	if name != "Valid" {
		return name
	}
	if alloc, ok := fa.X.(*ssa.Alloc); ok && alloc.Comment != "" && isNullable(alloc.Type()) {
		return alloc.Comment
	}
	return name
}

// nullableParts returns the parts of a nullable field of a record held
// by value, named for the field: sqlc's card.RedeemedAt.Valid says
// whether RedeemedAt is set, a state as much as a status column is.
func nullableParts(f *ssa.Field, name string) []stateValue {
	if !isNullable(f.Type()) {
		return nil
	}
	var out []stateValue
	for _, ref := range *f.Referrers() {
		if part, ok := ref.(*ssa.Field); ok {
			out = append(out, stateValue{part, name})
		}
	}
	return out
}

// nullablePartLoads is nullableParts for a field reached by address
// (&card.RedeemedAt.Valid on a record in a local variable).
func nullablePartLoads(fa *ssa.FieldAddr, name string) []stateValue {
	if !isNullable(fa.Type()) {
		return nil
	}
	var out []stateValue
	for _, ref := range *fa.Referrers() {
		if part, ok := ref.(*ssa.FieldAddr); ok {
			out = append(out, loadsWithField(part, name)...)
		}
	}
	return out
}

// isNullable reports whether t points to a nullable wrapper: database/sql's
// NullTime, NullString..., sql.Null[T], pgtype's Timestamptz and kin.
func isNullable(t types.Type) bool {
	n := ssautil.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	return path == "database/sql" && strings.HasPrefix(n.Obj().Name(), "Null") || strings.HasSuffix(path, "/pgtype")
}
