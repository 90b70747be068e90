package checkthenact

import (
	"fmt"
	"go/token"
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
	read *dataaccess.Op
	ifi  *ssa.If
	// body is set instead of ifi for an element of a list read: the loop
	// body that handles it (see pendingGates).
	body *ssa.BasicBlock
	// found is set with body for one record found by its state (see
	// foundGates): body is the branch taken when the read found it.
	found bool
	// elapsed is set for a rate window (see windowgate.go): the one
	// successor of ifi that lets the act through.
	elapsed *ssa.BasicBlock
	field   string // the state field's name, for the message
	// fn is the function that tests the state and at the instruction
	// where the record enters it: the read itself, or, for a record a
	// caller read and passed in (passed is set), fn's entry. records are
	// the values of fn that hold the record.
	fn      *ssa.Function
	at      ssa.Instruction
	records []ssa.Value
	passed  bool
	// readElsewhere is set when the read is a caller's in another
	// package (see passedgatefacts.go): read stands for it, with the
	// record's table only, and whether it locked is judged there.
	readElsewhere bool
}

// testPos returns where the gate tests the state: its condition, or
// nothing for a gate that is a list or a WHERE.
func (g gate) testPos() token.Pos {
	if g.ifi == nil {
		return token.NoPos
	}
	return g.ifi.Cond.Pos()
}

// statusGateRace returns the act and the state write that follow a gate
// on the read's record in separate steps, or nils.
func statusGateRace(model *dataaccess.Result, g gate) (act, write *dataaccess.Op) {
	for _, region := range g.regions() {
		for _, write := range stateWrites(g, model.Ops, region) {
			if !writesTestedField(model, g, write) {
				continue // writes back the tested value: no transition
			}
			if keepsPresence(g, region, write) {
				continue // a set field set again: a precondition, no transition
			}
			act = duplicableAct(g, write, model.Ops, region)
			if act == nil && actsAndWrites(write) && !listsColumns(write) {
				act = write // a helper that credits and then saves the state
			}
			if act == nil {
				// An effect after the commit: judged at the write, the
				// last step inside the transaction.
				if after := actAfterCommit(g, model.Ops); after != nil && !gateSerialised(g, write, write, model.Ops, region) && !gateRechecked(g, write, model.Ops) {
					return after, write
				}
				continue
			}
			if gateSerialised(g, write, act, model.Ops, region) || gateRechecked(g, act, model.Ops) {
				continue
			}
			return act, write
		}
	}
	return actOnStaleState(model, g)
}

// actOnStaleState returns a duplicable act in an arm of the gate and the
// state write that runs between the read and the branch: the code moves
// the state first and then acts on the state it read before
// (upgrading := sub.ProductID == free; replace(sub, paid); if upgrading
// { mail }). Both callers read free, both write paid, both mail.
func actOnStaleState(model *dataaccess.Result, g gate) (act, write *dataaccess.Op) {
	if g.ifi == nil || g.at == nil || g.at.Block() == nil || g.at.Parent() != g.ifi.Parent() {
		return nil, nil // a loop's or a window's gate, or a record passed in
	}
	between := blocksBetween(g.at.Block(), g.ifi.Block())
	for _, w := range stateWrites(g, model.Ops, between) {
		loc, ok := locate(w.Instr, g.fn)
		if !ok || !ssautil.Before(g.at, loc) || !ssautil.Before(loc, g.ifi) || !writesTestedField(model, g, w) {
			continue
		}
		if !savesRecord(g.records, w) && (w.Resource.Table == "" || g.read.Resource.Table == "") {
			continue // a write of some row the same value names, not known to be the state's
		}
		if (savesWholeRecord(g.records, w) || passesRecord(g.records, w)) && !(w.Summary != nil && helperAssigns(model, w, g.field)) && !storedBefore(g.records, g.field, w) {
			continue // the record read, saved before the branch with its tested field as it was
		}
		for _, region := range g.regions() {
			act := duplicableAct(g, w, model.Ops, region)
			if act == nil || gateSerialised(g, w, act, model.Ops, region) || gateRechecked(g, act, model.Ops) {
				continue
			}
			return act, w
		}
	}
	return nil, nil
}

// storedBefore reports whether the code stores into the field of the
// records on every path before write saves them.
func storedBefore(records []ssa.Value, field string, write *dataaccess.Op) bool {
	return field != "" && slices.ContainsFunc(fieldStoresBefore(records, write), func(st *ssa.Store) bool {
		fa := st.Addr.(*ssa.FieldAddr)
		return ssautil.FieldName(fa.X.Type(), fa.Field) == field
	})
}

// blocksBetween returns the blocks every path from first to last goes
// through: those first dominates and that dominate last.
func blocksBetween(first, last *ssa.BasicBlock) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, b := range first.Parent().Blocks {
		if first.Dominates(b) && b.Dominates(last) {
			out = append(out, b)
		}
	}
	return out
}

// regions returns the blocks the gate lets through, each on its own: an
// arm of the branch entered from nowhere else (but dead edges and other
// tests of the same state), or the loop body.
func (g gate) regions() [][]*ssa.BasicBlock {
	if g.body != nil {
		return [][]*ssa.BasicBlock{{g.body}}
	}
	if g.elapsed != nil {
		if !g.windowOnlyWay(g.elapsed) {
			return nil
		}
		return [][]*ssa.BasicBlock{{g.elapsed}}
	}
	var out [][]*ssa.BasicBlock
	for _, succ := range g.ifi.Block().Succs {
		if enteredOnlyFrom(succ, g.ifi.Block()) || enteredOnStateTests(succ, g.ifi) {
			out = append(out, []*ssa.BasicBlock{succ})
		}
	}
	return out
}

// addsRowOnly reports whether w inserts a row and writes back no record
// it is handed: a repository's Create(ctx, &m), not a helper that
// inserts a credit note and saves the invoice it was passed.
func addsRowOnly(w *dataaccess.Op) bool {
	return w.Kind == apis.Insert && (w.Summary == nil || w.Summary.SavesParam < 0)
}

// heldFresh reports whether the variable that held the record read is
// given a new record before w runs (m = Merchant{ExternalID: id} after
// ByExternalID found none): an insert of it adds a row and moves no state
// of the row read. A check whose absent arm leads there is
// check-then-insert, the other rule's.
func heldFresh(records []ssa.Value, w *dataaccess.Op) bool {
	for _, rec := range records {
		alloc, ok := rec.(*ssa.Alloc)
		if !ok {
			continue
		}
		for _, ref := range *alloc.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Addr != alloc {
				continue
			}
			load, ok := st.Val.(*ssa.UnOp)
			if !ok {
				continue
			}
			if lit, ok := load.X.(*ssa.Alloc); ok && lit.Comment == "complit" {
				if loc, ok := locate(w.Instr, st.Parent()); ok && ssautil.Reachable(st, loc) {
					return true
				}
			}
		}
	}
	return false
}

// insertsCopy reports whether w inserts the record read itself as a new
// row, handed whole or in a field of an options struct
// (CompileAndPublish(c, Config{Build: b}) restarting build b): a copy,
// which moves no state of the row it was read from. Two restarts make
// two new builds, as two requests asked. A status kept as rows of its own
// (INSERT INTO order_events (order_id, status)) inserts a new literal,
// not the record read, and stays a state write; so does a store's Save or
// Put of the record, which writes it back at its own key (a DynamoDB
// PutItem replaces the item).
func insertsCopy(records []ssa.Value, w *dataaccess.Op) bool {
	if w.Callee != nil && (apis.IsSaveName(w.Callee.Name()) || apis.IsPutName(w.Callee.Name())) {
		return false // SaveReward(ctx, r) over a DynamoDB PutItem: the item at its key, overwritten
	}
	if passesRecord(records, w) {
		return true
	}
	call := w.Call()
	if call == nil {
		return false
	}
	return slices.ContainsFunc(call.Args, func(a ssa.Value) bool {
		return slices.ContainsFunc(dataaccess.LiteralFieldStores(a), func(v ssa.Value) bool { return slices.Contains(records, v) })
	})
}

// stateWrites returns the writes of the read's record on the gated
// branch: a write of its table keyed like the read or by a value of the
// record, or a call of a helper that writes back the record it is passed
// (settle(ctx, &order), several calls away from its xorm Update(&bean)).
func stateWrites(g gate, ops []*dataaccess.Op, region []*ssa.BasicBlock) []*dataaccess.Op {
	var out []*dataaccess.Op
	for _, w := range ops {
		if inRegion(w.Instr, g.fn, region) && helperRowUpdate(g, w, ops) != nil {
			out = append(out, w) // the helper that updates the record's row
			continue
		}
		if !inRegion(w.Instr, g.fn, region) && !savedAfterJoin(g, region, w) || addsRowOnly(w) && (heldFresh(g.records, w) || insertsCopy(g.records, w)) {
			continue
		}
		if savesRecord(g.records, w) {
			out = append(out, w)
			continue
		}
		writes := w.Kind.IsWrite() && w.Kind != apis.Delete || w.Summary != nil && w.Summary.Writes
		if w.Summary != nil && w.Summary.Acts && w.Summary.Writes && handedToActor(g, w) {
			out = append(out, w) // a helper that acts on the record and marks it
			continue
		}
		if !writes || !dataaccess.SameResource(g.read.Resource, w.Resource) {
			continue
		}
		if !g.passed && dataaccess.SameInput(g.read, w) || derivedFromRecord(g.records, w) {
			out = append(out, w)
		}
	}
	return out
}

// handedToActor reports whether w, a helper that acts and writes, is
// handed the gated record: an element of a pending list (or a value of
// it), or the whole record whose status or state the gate tested
// (billing.Collect(ctx, inv) after inv.Status != "open"). A flag or a
// setting tested before a helper that does other work (a provider's name,
// a default group refused deletion) is a precondition, not a state the
// helper moves.
func handedToActor(g gate, w *dataaccess.Op) bool {
	if g.body != nil {
		return derivedFromRecord(g.records, w)
	}
	return namesState(g.field) && passesRecord(g.records, w)
}

// namesState reports whether a field's name says it holds a state:
// Status, State, PaymentStatus, Stage, Phase.
func namesState(field string) bool {
	f := strings.ToLower(field)
	return apis.HasAnySuffix(f, "status", "state", "stage", "phase")
}

// savedAfterJoin reports whether w saves the gate's record after the
// arms join, the arm having assigned the tested field:
//
//	switch o.Status {
//	case "paid":
//		refund(o)
//		o.Status = "refunded"
//	...
//	}
//	repo.Save(o)
//
// The arm moves the state in the record, to a constant; the save after
// the switch writes it, on the arm's path.
func savedAfterJoin(g gate, region []*ssa.BasicBlock, w *dataaccess.Op) bool {
	if g.field == "" || len(region) == 0 {
		return false
	}
	loc, ok := locate(w.Instr, g.fn)
	if !ok || !ssautil.BlockReaches(region[0], loc) || !savesWholeRecord(g.records, w) {
		return false
	}
	return slices.ContainsFunc(fieldStoresReaching(g.records, w), func(st *ssa.Store) bool {
		fa := st.Addr.(*ssa.FieldAddr)
		_, isState := st.Val.(*ssa.Const) // a new state, not a value the arm computed (an uploaded avatar's URL)
		return isState && ssautil.FieldName(fa.X.Type(), fa.Field) == g.field && inRegion(st, g.fn, region)
	})
}

// savesRecord reports whether op is a call of a helper that writes back
// the record, passed to it as an argument.
func savesRecord(records []ssa.Value, op *dataaccess.Op) bool {
	if op.Summary == nil || op.Summary.SavesParam < 0 {
		return false
	}
	p := dataaccess.RootPath(dataaccess.Arg(op.Call(), op.Summary.SavesParam))
	return p.Valid() && slices.Contains(records, p.Base)
}

// actsAndWrites reports whether a call of the module's own code both acts
// and writes the record: the gated branch's capture(ctx, p) that credits,
// then saves the state, or inserts a transaction and then saves the
// record it was passed. (A helper whose writes are all state-guarded is
// serialised: gateSerialised.)
func actsAndWrites(op *dataaccess.Op) bool {
	return op.Summary != nil && op.Summary.Writes && (op.Summary.Acts || op.Summary.SavesParam >= 0 && op.Summary.NonIdempotent)
}

// onOnePath reports whether a and b can both run in one call of fn, one
// after the other: an act on the path that returns an error after
// writing the record is no act of that transition.
func onOnePath(a, b *dataaccess.Op, fn *ssa.Function) bool {
	la, okA := locate(a.Instr, fn)
	lb, okB := locate(b.Instr, fn)
	return okA && okB && (ssautil.Reachable(la, lb) || ssautil.Reachable(lb, la))
}

// fromRecord reports whether v is loaded from one of the records.
func fromRecord(records []ssa.Value, v ssa.Value) bool {
	p := dataaccess.RootPath(v)
	return p.Valid() && slices.Contains(records, p.Base)
}

// derivedFromRecord reports whether the write is keyed by a value of the
// record (UPDATE ... WHERE id = $1 with p.ID).
func derivedFromRecord(records []ssa.Value, write *dataaccess.Op) bool {
	return slices.ContainsFunc(write.Inputs(), func(in ssa.Value) bool { return fromRecord(records, in) })
}

// duplicableAct returns an operation on the gated branch that does harm
// when it runs twice and is not the state write itself: an effect (a
// second e-mail, a second charge) before an insert (a second credit row)
// before a relative update of another table (balance = balance + 10),
// which the message then names.
// A write of absolute values (status = 'failed', a total recomputed from
// scratch) leaves the row as one run would: no act.
func duplicableAct(g gate, write *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) *dataaccess.Op {
	var insert, update *dataaccess.Op
	for _, op := range ops {
		if op == write || op == g.read || !dataaccess.NonIdempotent(op) || !inRegion(op.Instr, g.fn, region) || keyedByRecord(g, op) || insertKeyedByRecord(g, op) {
			continue
		}
		if endsSomething(op) && (op.Kind == apis.Effect || op.Summary != nil && op.Summary.Acts) {
			continue // a second cancel of what the first cancelled changes nothing
		}
		if op.Kind != apis.Effect && dataaccess.SameResource(g.read.Resource, op.Resource) {
			continue // another write of the same record: part of the transition
		}
		if !onOnePath(op, write, g.fn) {
			continue
		}
		switch {
		case op.Kind == apis.Effect:
			return op // the send or the charge is what the message names
		case op.Kind != apis.Update:
			if insert == nil {
				insert = op
			}
		case update == nil:
			update = op
		}
	}
	if insert != nil {
		return insert
	}
	return update
}

// gateSerialised reports whether the gate, the act and the write cannot
// interleave with a concurrent twin. For a record passed in, the caller's
// read tells whether it locked the row (FOR UPDATE on the transaction it
// then passes on, an advisory lock, a lock helper before the read).
func gateSerialised(g gate, write, act *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) bool {
	// A state test in the write's WHERE picks a winner only when the write
	// changes what it tests; an increment guarded by a column it leaves
	// alone (SET sent = sent + 1 WHERE provider = $1 AND code = $2)
	// matches again for the second caller.
	if (write.StateGuard && !dataaccess.DoublesWrite(write) || picksWinner(write)) && !actedBeforeGuard(g, act, write) {
		return true
	}
	if !g.readElsewhere && readSerialised(g.read, ops) && lockReleasedBefore(g.read, write, ops) == nil {
		return true
	}
	if lockedRecheck(write) && (act == write || lockedRecheck(act)) {
		return true // the helper locks, reads again and writes only if it must
	}
	if loc, ok := locate(write.Instr, g.fn); !ok {
		return true
	} else if held, _ := mutexHeldAcross(g.at, loc); held {
		return true
	}
	// An atomic claim or guarded transition before the act picks the
	// winner: only it acts.
	actLoc, ok := locate(act.Instr, g.fn)
	if !ok {
		return true
	}
	for _, op := range ops {
		if op == act || !inRegion(op.Instr, g.fn, region) || keyedByRecord(g, op) {
			continue
		}
		if !picksWinner(op) && !op.StateGuard {
			continue
		}
		if loc, ok := locate(op.Instr, g.fn); ok && ssautil.Before(loc, actLoc) {
			return true
		}
	}
	return false
}

// actedBeforeGuard reports whether the act runs before the guarded write
// on every path and is not undone when the guard refuses: an external
// effect, or a write outside the guarded write's transaction. The guard
// picks one winner for what runs after it; the loser's write changes no
// row only after its charge went out or its rows of other tables were
// committed (a user created, then the invitation's guarded decrement).
func actedBeforeGuard(g gate, act, write *dataaccess.Op) bool {
	if act == write {
		return false
	}
	actLoc, ok := locate(act.Instr, g.fn)
	if !ok {
		return false
	}
	writeLoc, ok := locate(write.Instr, g.fn)
	if !ok || !ssautil.Before(actLoc, writeLoc) {
		return false
	}
	if !keyedByInput(g.read) {
		return false // a record looked up from another (a delivery's endpoint): twins may act on different rows
	}
	if act.Kind == apis.Effect || act.Summary != nil && act.Summary.Acts {
		return true
	}
	return act.Handle.Kind != apis.HandleTx || !dataaccess.SameTx(act.Handle, write.Handle)
}

// keyedByInput reports whether a read is keyed by what its function was
// given: a parameter, or a value computed from parameters alone
// (hasher.HashToken(data.Token)). Two callers with the same input then
// read the same row and run the same act; a row looked up by a field of
// another row (the endpoint of a delivery) is shared by callers whose
// acts are their own.
func keyedByInput(read *dataaccess.Op) bool {
	inputs := read.Inputs()
	if len(inputs) == 0 {
		return false
	}
	for _, in := range inputs {
		if !fromParams(in, 0) {
			return false
		}
	}
	return true
}

func fromParams(v ssa.Value, depth int) bool {
	switch base := dataaccess.RootPath(v).Base.(type) {
	case *ssa.Parameter, *ssa.Const, *ssa.FreeVar:
		return true
	case *ssa.Call:
		if depth > 0 || base.Call.StaticCallee() == nil {
			return false
		}
		for _, a := range base.Call.Args {
			if !fromParams(a, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// lockReleasedBefore returns the Commit or Rollback on the handle the
// read locked in that runs after the read and before the write on every
// path, or nil: the row lock is gone by the write, and a twin that waited
// on it reads the old state and goes on too.
func lockReleasedBefore(read, write *dataaccess.Op, ops []*dataaccess.Op) *dataaccess.Op {
	if !read.Locks || read.Summary != nil {
		return nil // a helper's serialisation is judged by its summary
	}
	for _, end := range ops {
		if end.Kind != apis.Commit && end.Kind != apis.Rollback || end.Fn != read.Fn || !dataaccess.SameTx(end.Handle, read.Handle) {
			continue
		}
		if loc, ok := locate(write.Instr, read.Fn); ok && ssautil.Before(read.Instr, end.Instr) && ssautil.Before(end.Instr, loc) {
			return end
		}
	}
	return nil
}

// endsSomething reports whether an effect's name says it ends what it
// names (CancelRunning, RevokeToken, StopJob, DisableWebhook): asked
// twice, the far end has nothing left to end the second time.
func endsSomething(op *dataaccess.Op) bool {
	if op.Callee == nil {
		return false
	}
	words := apis.SplitWords(op.Callee.Name())
	if len(words) == 0 {
		return false
	}
	switch words[0] {
	case "cancel", "revoke", "stop", "terminate", "disable", "deactivate", "unsubscribe", "abort", "kill":
		return true
	}
	return false
}

// lockedRecheck reports whether op is a call of a helper whose writes and
// effects all wait on a read it makes under its own lock
// (dataaccess.Summary.Rechecks).
func lockedRecheck(op *dataaccess.Op) bool {
	return op.Summary != nil && op.Summary.Rechecks
}

// picksWinner reports whether a write lets only one of two callers
// through: an atomic insert, but not gorm's Save of a loaded record, a
// helper that saves the record it is handed (repo.Update(ctx, o) over
// Save(o)), nor an upsert's unguarded DO UPDATE, which overwrite the row
// for both.
func picksWinner(op *dataaccess.Op) bool {
	savesHanded := op.Summary != nil && op.Summary.SavesParam >= 0 && !op.Summary.StateGuard
	return op.Kind.IsAtomicInsert() && !dataaccess.WritesBack(op) && !savesHanded && !upsertOverwrites(op) && !dataaccess.Overwrites(op)
}

// upsertOverwrites reports whether op is an INSERT ... ON CONFLICT DO
// UPDATE (ON DUPLICATE KEY UPDATE) with no WHERE on its update: both of
// two callers write the row, neither is refused.
func upsertOverwrites(op *dataaccess.Op) bool {
	return op.SQL != nil && op.SQL.OnConflict && !op.SQL.OnConflictDoNothing && !op.StateGuard
}

func reportStatusGate(pass *analysis.Pass, g gate, act, write *dataaccess.Op, ops []*dataaccess.Op) {
	fset := pass.Fset
	what := "its state"
	if g.field != "" {
		what = g.field
	}
	tested := "is tested"
	switch {
	case g.passed:
		tested = "is passed to " + g.fn.Name() + " and tested there"
	case g.found:
		what, tested = "the record", "is found by its state (the WHERE is the gate)"
	case g.body != nil:
		what, tested = "the list", "selects records by their state (the gate, once per element)"
	}
	if ignoredLock(g.read) {
		tested += ` (gorm v2 ignores the v1 "gorm:query_option" FOR UPDATE: no row is locked)`
	}
	if g.read.StatementLock {
		tested += " (" + statementLockNote + ")"
	}
	if end := lockReleasedBefore(g.read, write, ops); end != nil {
		tested += fmt.Sprintf(" (its FOR UPDATE lock ends with the transaction at line %d, before the write: keep read, test, act and write in one transaction)", fset.Position(end.Pos()).Line)
	}
	steps := fmt.Sprintf("%s at line %d and the state write at line %d are separate steps", describeAct(act), fset.Position(act.Pos()).Line, fset.Position(write.Pos()).Line)
	verb, runtime, url := verbOf(act), runtimeFor(act), runtimeURLFor(act)
	related := []analysis.RelatedInformation{
		{Pos: act.Pos(), Message: "the act that runs twice"},
		{Pos: write.Pos(), Message: "the state write, a separate step"},
	}
	if act == write {
		steps = fmt.Sprintf("%s at line %d acts and writes the state in separate steps", describeAct(act), fset.Position(act.Pos()).Line)
		if act.Summary.Acts {
			verb, runtime, url = "perform the effect", "runtime/effect for the external call", apis.RuntimeEffectURL
		}
		related = []analysis.RelatedInformation{{Pos: act.Pos(), Message: "the call that acts, then writes the state"}}
	}
	if test := g.testPos(); test.IsValid() && fset.Position(test).Line != fset.Position(g.read.Pos()).Line {
		related = append([]analysis.RelatedInformation{{Pos: test, Message: "the state test both callers pass"}}, related...)
	}
	message := statusGateMessage(what, tested, steps, verb, g.field, runtime)
	if g.elapsed != nil {
		message = windowGateMessage(what, steps, verb, g.field, runtime)
	}
	pass.Report(analysis.Diagnostic{
		Pos:     g.read.Pos(),
		Message: message,
		Related: related,
		URL:     url,
	})
}

func statusGateMessage(what, tested, steps, verb, field, runtime string) string {
	return fmt.Sprintf("status-gate race: %s read here %s, then %s, so two concurrent callers can both pass the test and both %s (make the transition one step: UPDATE ... SET %s = new WHERE id = $1 AND %s = old, and act only when it changed a row; or %s)",
		what, tested, steps, verb, columnOf(field), columnOf(field), runtime)
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
	case dataaccess.DispatchedMessage(op) != "":
		return dataaccess.DispatchedMessage(op) // the bus's command, not its Dispatch
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
