package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A status gate reads a record's state, branches on it, acts (charges,
// credits, sends, publishes) and then writes the new state, each in its
// own step:
//
//	p, _ := repo.GetPayment(ctx, id)
//	if p.Status == "captured" { return nil }
//	ledger.Credit(ctx, p.Account, p.Amount)
//	repo.UpdateStatus(ctx, id, "captured")
//
// Two deliveries of one webhook both read "pending", both credit, both
// write "captured". The transition is safe only when it is one step that
// picks a single winner: a conditional UPDATE ... WHERE status = 'pending'
// whose rows affected gates the act, a row lock (FOR UPDATE) or advisory
// lock held across the three steps, SERIALIZABLE, one mutex held across
// them, or an atomic claim made before the act.

// gate is one branch on a state field of a record that a read loaded.
type gate struct {
	read  *dataaccess.Op
	ifi   *ssa.If
	field string // the state field's name, for the message
}

// statusGateRace returns the act and the state write that follow a gate
// on the read's record in separate steps, or nils.
func statusGateRace(model *dataaccess.Result, g gate) (act, write *dataaccess.Op) {
	for _, succ := range g.ifi.Block().Succs {
		if len(succ.Preds) != 1 {
			continue
		}
		region := []*ssa.BasicBlock{succ}
		for _, write := range stateWrites(g.read, model.Ops, region) {
			act = duplicableAct(g.read, write, model.Ops, region)
			if act == nil && actsAndWrites(write) {
				act = write // a helper that credits and then saves the state
			}
			if act == nil || gateSerialised(g.read, write, act, model.Ops, region) {
				continue
			}
			return act, write
		}
	}
	return nil, nil
}

// stateWrites returns the writes of the read's record on the gated
// branch.
func stateWrites(read *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) []*dataaccess.Op {
	var out []*dataaccess.Op
	for _, w := range ops {
		writes := w.Kind.IsWrite() && w.Kind != apis.Delete || w.Summary != nil && w.Summary.Writes
		if !writes || !dataaccess.SameResource(read.Resource, w.Resource) || !inRegion(w.Instr, read.Fn, region) {
			continue
		}
		if dataaccess.SameInput(read, w) || derivedFromRecord(read, w) {
			out = append(out, w)
		}
	}
	return out
}

// actsAndWrites reports whether a call of the module's own code both has
// an external effect and writes the record: the gated branch's
// capture(ctx, p) that credits, then saves the state. (A helper whose
// writes are all state-guarded is serialised: gateSerialised.)
func actsAndWrites(op *dataaccess.Op) bool {
	return op.Summary != nil && op.Summary.Acts && op.Summary.Writes
}

// onOnePath reports whether a and b can both run in one call of fn, one
// after the other: an act on the path that returns an error after
// writing the record is no act of that transition.
func onOnePath(a, b *dataaccess.Op, fn *ssa.Function) bool {
	la, okA := locate(a.Instr, fn)
	lb, okB := locate(b.Instr, fn)
	return okA && okB && (ssautil.Reachable(la, lb) || ssautil.Reachable(lb, la))
}

// derivedFromRecord reports whether the write is keyed by a value of the
// record the read loaded (UPDATE ... WHERE id = $1 with p.ID).
func derivedFromRecord(read, write *dataaccess.Op) bool {
	records := map[ssa.Value]bool{}
	for _, v := range recordValues(read) {
		records[v] = true
	}
	for _, in := range write.Inputs() {
		if p := dataaccess.RootPath(in); p.Valid() && records[p.Base] {
			return true
		}
	}
	return false
}

// duplicableAct returns an operation on the gated branch that does harm
// when it runs twice and is not the state write itself: an effect or an
// insert (a second credit, a second e-mail) before an update of another
// table, which the message then names.
func duplicableAct(read, write *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) *dataaccess.Op {
	var update *dataaccess.Op
	for _, op := range ops {
		if op == write || op == read || !dataaccess.Duplicable(op) || !inRegion(op.Instr, read.Fn, region) {
			continue
		}
		if op.Kind != apis.Effect && dataaccess.SameResource(read.Resource, op.Resource) {
			continue // another write of the same record: part of the transition
		}
		if !onOnePath(op, write, read.Fn) {
			continue
		}
		if op.Kind != apis.Update {
			return op
		}
		if update == nil {
			update = op
		}
	}
	return update
}

// gateSerialised reports whether the gate, the act and the write cannot
// interleave with a concurrent twin.
func gateSerialised(read, write, act *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) bool {
	if write.StateGuard || write.Kind.IsAtomicInsert() || read.Locks || serialised(read, ops) {
		return true
	}
	if loc, ok := locate(write.Instr, read.Fn); !ok {
		return true
	} else if held, _ := mutexHeldAcross(read.Instr, loc); held {
		return true
	}
	// An atomic claim or guarded transition before the act picks the
	// winner: only it acts.
	actLoc, ok := locate(act.Instr, read.Fn)
	if !ok {
		return true
	}
	for _, op := range ops {
		if op == act || !inRegion(op.Instr, read.Fn, region) {
			continue
		}
		if !op.Kind.IsAtomicInsert() && !op.StateGuard {
			continue
		}
		if loc, ok := locate(op.Instr, read.Fn); ok && ssautil.Before(loc, actLoc) {
			return true
		}
	}
	return false
}

// gatesOf returns the branches on state fields of the record op loads.
func gatesOf(op *dataaccess.Op) []gate {
	var gates []gate
	readInstr, ok := op.Instr.(*ssa.Call)
	if !ok {
		return nil
	}
	seen := map[*ssa.If]bool{}
	for _, sv := range stateValues(op) {
		for _, ifi := range branchesOn(sv.v) {
			if seen[ifi] || !ssautil.Before(readInstr, ifi) {
				continue
			}
			seen[ifi] = true
			gates = append(gates, gate{read: op, ifi: ifi, field: sv.field})
		}
	}
	return gates
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
		out = append(out, recordPredicates(rec)...)
	}
	return out
}

// recordPredicates returns the results of the record's own predicates
// called on it (inv.IsSettled(), order.IsPaid()): each reads the state
// in the record's package, where this package cannot see its body. A
// predicate that says whether the record was found (IsZero) tests its
// existence, not its state.
func recordPredicates(rec ssa.Value) []stateValue {
	receivers := []ssa.Value{rec}
	if _, isPtr := rec.Type().Underlying().(*types.Pointer); isPtr {
		receivers = append(receivers, ssautil.LoadsOf(rec)...) // value receivers
	}
	var out []stateValue
	for _, r := range receivers {
		for _, ref := range *r.Referrers() {
			call, ok := ref.(*ssa.Call)
			if !ok || len(call.Call.Args) != 1 || call.Call.Args[0] != r || !returnsBool(call) {
				continue
			}
			if fn := call.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && !existencePredicates[fn.Name()] {
				out = append(out, stateValue{call, ""})
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
	if call.Call.StaticCallee() == nil || !returnsBool(call) || !slices.Contains(call.Call.Args, v) {
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
	if isTime(t) {
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

func isTime(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

func isTimePointer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	return ok && isTime(p.Elem())
}

func returnsBool(call *ssa.Call) bool {
	res := call.Call.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
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
		if isRecordType(v.Type()) {
			recs = append(recs, v)
		}
	}
	addResult(call)
	for _, ref := range *call.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Extract:
			addResult(ref)
		case *ssa.Call:
			// row.Scan(&a, &b), result.Decode(&v)
			if dataaccess.Callee(&ref.Call) != nil && len(ref.Call.Args) > 0 && (ref.Call.Args[0] == call || ref.Call.Value == call) {
				recs = append(recs, outParams(ref.Call.Args[1:])...)
			}
		}
	}
	return append(recs, outParams(call.Call.Args)...)
}

// outParams returns the local variables and fields passed by pointer.
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
		}
	}
	return out
}

// fieldLoads follows a record value to the loads of its non-key fields.
// A scalar variable filled by Scan is its own state value.
func fieldLoads(v ssa.Value, field string, depth int) []stateValue {
	if depth > 3 {
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
				}
			}
			return out
		}
		return loadsWithField(fa, field)
	}
	if _, isPtr := v.Type().Underlying().(*types.Pointer); isPtr {
		if isBasicPointer(v.Type()) {
			return loadsWithField(v, field) // var status string; Scan(&status)
		}
		for _, ref := range *v.Referrers() {
			if fa, ok := ref.(*ssa.FieldAddr); ok {
				name := ssautil.FieldName(fa.X.Type(), fa.Field)
				if isKeyField(name) {
					continue
				}
				out = append(out, loadsWithField(fa, name)...)
				out = append(out, fieldLoads(fa, name, depth+1)...)
			}
		}
		return out
	}
	for _, ref := range *v.Referrers() {
		if f, ok := ref.(*ssa.Field); ok {
			name := ssautil.FieldName(f.X.Type(), f.Field)
			if !isKeyField(name) {
				out = append(out, stateValue{f, name})
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

// isKeyField reports whether a field identifies the record rather than
// holding its state: testing it is an existence check, not a gate.
func isKeyField(name string) bool {
	return name == "ID" || name == "Id" || strings.HasSuffix(name, "ID") || strings.HasSuffix(name, "Id") ||
		strings.HasSuffix(name, "Key") || name == "UUID"
}

func reportStatusGate(pass *analysis.Pass, g gate, act, write *dataaccess.Op) {
	fset := pass.Fset
	what := "its state"
	if g.field != "" {
		what = g.field
	}
	steps := fmt.Sprintf("%s at line %d and the state write at line %d are separate steps", describeAct(act), fset.Position(act.Pos()).Line, fset.Position(write.Pos()).Line)
	verb, runtime, url := verbOf(act), runtimeFor(act), runtimeURLFor(act)
	related := []analysis.RelatedInformation{
		{Pos: act.Pos(), Message: "the act that runs twice"},
		{Pos: write.Pos(), Message: "the state write, a separate step"},
	}
	if act == write {
		steps = fmt.Sprintf("%s at line %d acts and writes the state in separate steps", describeAct(act), fset.Position(act.Pos()).Line)
		verb, runtime, url = "perform the effect", "runtime/effect for the external call", apis.RuntimeEffectURL
		related = []analysis.RelatedInformation{{Pos: act.Pos(), Message: "the call that acts, then writes the state"}}
	}
	pass.Report(analysis.Diagnostic{
		Pos: g.read.Pos(),
		Message: fmt.Sprintf("status-gate race: %s read here is tested, then %s, so two concurrent callers can both pass the test and both %s (make the transition one step: UPDATE ... SET %s = new WHERE id = $1 AND %s = old, and act only when it changed a row; or %s)",
			what, steps, verb, columnOf(g.field), columnOf(g.field), runtime),
		Related: related,
		URL:     url,
	})
}

// runtimeFor names the runtime package that makes an act safe: an
// external effect cannot share the database transaction, so it goes
// through runtime/effect (PENDING recorded first, a stable downstream
// key, reconciliation); a database write goes through runtime/claim.
func runtimeFor(act *dataaccess.Op) string {
	if isExternal(act) {
		return "runtime/effect for the external call"
	}
	return "runtime/claim"
}

func runtimeURLFor(act *dataaccess.Op) string {
	if isExternal(act) {
		return apis.RuntimeEffectURL
	}
	return apis.RuntimeClaimURL
}

// isExternal reports whether an act leaves the database: an HTTP call, a
// published message, a call of an application's mailer or payment client,
// or a wrapper whose body does one and writes no table.
func isExternal(op *dataaccess.Op) bool {
	return op.Kind == apis.Effect || op.Summary != nil && op.Summary.Effect && !op.Summary.Writes
}

func describeAct(op *dataaccess.Op) string {
	switch {
	case op.SQL != nil && op.SQL.Table != "":
		return fmt.Sprintf("the %s of %s", op.Kind, op.SQL.Table)
	case op.Callee != nil:
		return op.Callee.Name()
	case op.Kind == apis.Effect:
		return "the call"
	}
	return "the write"
}

func verbOf(op *dataaccess.Op) string {
	if isExternal(op) {
		return "perform the effect"
	}
	return "write"
}

// columnOf spells a Go field name as the usual column name (PaidAt ->
// paid_at).
func columnOf(field string) string {
	if field == "" {
		return "status"
	}
	var b strings.Builder
	for i, r := range field {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
