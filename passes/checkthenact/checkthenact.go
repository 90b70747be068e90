package checkthenact

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

var Analyzer = &analysis.Analyzer{
	Name:     "checkthenact",
	Doc:      Doc,
	URL:      "https://github.com/idemvet/idemvet/blob/main/passes/checkthenact/README.md",
	Requires: []*analysis.Analyzer{dataaccess.Analyzer, passedGateFacts, countGuardFacts, boundCheckFacts, columnWriteFacts},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	if len(model.Ops) == 0 {
		if model.Modelled() {
			// A one-time code behind helpers involves no op the model knows.
			helperTokenReuses(pass, NewJudge(pass.Fset, model))
		}
		if importsTOTPLibrary(pass.Pkg) {
			// A login package that hands the session on and writes
			// nothing itself still accepts the code: nothing records it.
			totpReplays(pass, NewJudge(pass.Fset, model))
		}
		return nil, nil
	}
	judge := NewJudge(pass.Fset, model)
	callers := judge.callers
	// The writes a check's finding already names: a claim among them is
	// not reported again by ignoredClaims.
	named := map[*dataaccess.Op]bool{}
	raced := map[*dataaccess.Op]bool{} // checks reported here
	guards := pass.ResultOf[countGuardFacts].(countGuardsOf)
	for _, check := range model.Ops {
		if !check.Kind.IsCheck() || judge.NoTwin(check) || callsCountGuard(check, guards) {
			continue // startup code, code its callers serialise, or a test's steps in turn: no twin to race with
		}
		if judge.FreshKey(check) {
			continue // a twin checks a key of its own
		}
		if write, sentinel := racingWrite(check, model.Ops, callers); write != nil {
			report(pass, check, write, sentinel, model.Ops)
			named[write], raced[check] = true, true
		} else if insert, act := ungatedAct(check, model.Ops, callers); act != nil {
			reportUngated(pass, check, insert, act)
			named[insert], raced[check] = true, true
		}
	}
	returnedCheckRaces(pass, judge, raced)
	findOrCreateRaces(pass, judge)
	firstOrInitRaces(pass, judge)
	bindRaces(pass, judge)
	nextKeyRaces(pass, judge)
	aggregateInsertRaces(pass, judge)
	ignoredClaims(pass, judge, named)
	swallowedDuplicates(pass, judge, named)
	effectsBeforeInsert(pass, judge, named)
	unansweredSentinels(pass, judge, named)
	notExistsInserts(pass, judge)
	latestLockRaces(pass, judge, raced)
	usable := func(read *dataaccess.Op) bool {
		return read.Kind.IsCheck() && !model.IsStartup(read) && !callers.runAlone(read.Fn) && !callers.inTestFile(read.Fn) && !judge.FreshKey(read)
	}
	reported := map[*dataaccess.Op]bool{}
	reportFirst := func(gates []gate) {
		for _, g := range gates {
			if reported[g.read] || raced[g.read] {
				return // one finding per read: a check-then-act race already names it
			}
			if act, write := statusGateRace(model, g); act != nil {
				reportStatusGate(pass, g, act, write, model.Ops)
				reported[g.read] = true
				return
			}
		}
	}
	for _, read := range model.Ops {
		if !usable(read) {
			continue
		}
		if consume, act := tokenReuse(read, model.Ops); consume != nil {
			reportTokenReuse(pass, read, consume, act)
			reported[read] = true
		} else if spend, successor := rotatedToken(read, model.Ops); spend != nil {
			reportTokenReuse(pass, read, spend, successor)
			reported[read] = true
		} else if remove, announce := removalAnnounced(read, model.Ops); remove != nil {
			reportRemovalAnnounced(pass, read, remove, announce)
			reported[read] = true
		}
	}
	// A quantity compared with its limit and then counted by a relative
	// update is a limit race before it is a status gate: the message
	// names the take, not some act further on.
	limitGateRaces(pass, judge, reported)
	for _, read := range model.Ops {
		if usable(read) {
			reportFirst(append(append(gatesOf(read), pendingGates(read)...), foundGates(read)...))
		}
	}
	for _, fn := range model.SSA().SrcFuncs {
		for _, gates := range passedGates(callers, model, fn, usable) {
			reportFirst(gates)
		}
	}
	for _, read := range model.Ops {
		if usable(read) && !reported[read] {
			if take := poppedRow(pass, read, model.Ops); take != nil {
				reportPoppedRow(pass, read, take)
				reported[read] = true
			}
		}
	}
	passedGateRaces(pass, model, usable, reported)
	presentBranchDecrements(pass, judge, reported)
	countLimitRaces(pass, judge, reported)
	missingSetRaces(pass, judge, usable, reported)
	floorRaces(pass, judge, reported)
	guardCallRaces(pass, judge)
	firstComerRaces(pass, judge, reported)
	updateElseInsertRaces(pass, judge)
	countersBehindInterfaces(pass, judge)
	markRaces(pass, judge, usable, reported)
	lostUpdates(pass, judge, reported)
	passedLostUpdates(pass, judge, usable, reported)
	staleSaves(pass, judge, pass.ResultOf[columnWriteFacts].(*columnWriters), reported)
	resurrectedRows(pass, judge, reported)
	childChecks(pass, judge, reported, raced)
	helperTokenReuses(pass, judge)
	totpReplays(pass, judge)
	memFlagRaces(pass, judge)
	return nil, nil
}

// racingWrite returns the first write that runs on the check's absent
// branch, touches the same resource, and is neither atomic nor serialised
// with the check, nor has its unique violation answered; or nil. sentinel
// names the error the violation became, when no caller tests it.
func racingWrite(check *dataaccess.Op, ops []*dataaccess.Op, callers *callers) (write *dataaccess.Op, sentinel string) {
	region, untested := absentRegion(check)
	if len(region) == 0 {
		return nil, ""
	}
	inMemory := dataaccess.KeyValue(check)
	for _, w := range ops {
		zeroSave := savesAbsentRecord(check, w, region)
		if untested && !zeroSave {
			continue
		}
		// An upsert replaces what a twin created when the check treats a
		// hit as a duplicate (refusedpresence.go).
		insert := w.Kind == apis.Insert || w.Kind.IsAtomicInsert() && conflictMissesCheck(check, w) || replacesRefused(check, w) || zeroSave
		if !insert || !dataaccess.SameResource(check.Resource, w.Resource) {
			continue
		}
		delegates := inMemory && delegatesFirst(check, w, ops, region)
		if !zeroSave && (!inRegion(w.Instr, check.Fn, region) && !delegates || !dataaccess.SameInput(check, w)) || reportsError(w) {
			continue // not on the absent path, or a new row rather than the one checked
		}
		if rechecked(check, w, ops, region) {
			continue // double-checked: the inner check guards the write
		}
		if inMemory && !hasSideEffect(check, w, ops, region) && !delegates && !presenceRefused(check) {
			continue // filling a cache twice is harmless
		}
		if guarded(check, w, ops) || callers.lockedFirst(check, ops) || lockedByHelper(check) {
			continue
		}
		answered, sentinel := callers.duplicateAnswered(check, w)
		if answered && !anyRowCheck(check, w) {
			continue
		}
		return w, sentinel
	}
	return nil, ""
}

// anyRowCheck reports whether the check asks whether any row is there at
// all (a first-run setup counting the accounts) while the insert stores
// values its caller handed in: the insert's unique key answers two
// callers with one name, not two with different names that both saw none
// and both insert. An insert of a fixed row (a setting named by a
// constant, a key pair generated on the spot under a fixed id) is
// answered by its key whoever makes it.
func anyRowCheck(check, insert *dataaccess.Op) bool {
	return carriesNoKey(check) && slices.ContainsFunc(insert.Inputs(), handedIn)
}

// handedIn reports whether v is a parameter of its function or a field
// of one (signup.Username), not a context or a handle.
func handedIn(v ssa.Value) bool {
	if contextOrHandle(v) {
		return false
	}
	p := dataaccess.RootPath(v)
	if !p.Valid() {
		return false
	}
	switch p.Base.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return true
	}
	return false
}

// carriesNoKey reports whether every value an operation is given is a
// constant, a context or a database handle: nothing a caller could tell
// it apart by.
func carriesNoKey(op *dataaccess.Op) bool {
	return !slices.ContainsFunc(op.Inputs(), func(v ssa.Value) bool {
		_, isConst := v.(*ssa.Const)
		return !isConst && !contextOrHandle(v)
	})
}

// contextOrHandle reports whether v is a context or a value of a data
// library's type (a *gorm.DB, a *sql.Tx): what an operation runs with,
// not what it is keyed by.
func contextOrHandle(v ssa.Value) bool {
	if ssautil.IsContext(v.Type()) {
		return true
	}
	n := ssautil.NamedOf(v.Type())
	return n != nil && n.Obj().Pkg() != nil && apis.KnownPackage(n.Obj().Pkg().Path())
}

// ungatedAct returns an insert of the checked row on the absent branch
// that picks one winner (an atomic insert, or one whose unique violation
// is answered as the duplicate) and a duplicable act on that branch that
// the insert's outcome does not gate: the insert protects the row, but
// both callers passed the check and both act (an e-mail sent or a card
// charged before the insert, or after it without looking at its outcome).
func ungatedAct(check *dataaccess.Op, ops []*dataaccess.Op, callers *callers) (insert, act *dataaccess.Op) {
	region := absentBranches(check)
	if len(region) == 0 || dataaccess.KeyValue(check) {
		return nil, nil // in-memory and key-value checks: see racingWrite
	}
	for _, w := range ops {
		if !w.Kind.IsAtomicInsert() && w.Kind != apis.Insert || !dataaccess.SameResource(check.Resource, w.Resource) ||
			!inRegion(w.Instr, check.Fn, region) || !dataaccess.SameInput(check, w) || guarded(check, w, ops) || callers.lockedFirst(check, ops) {
			continue
		}
		if answered, _ := callers.duplicateAnswered(check, w); w.Kind == apis.Insert && !answered {
			continue // a plain race: racingWrite's
		}
		call, ok := w.Instr.(*ssa.Call)
		if !ok {
			continue
		}
		for _, a := range ops {
			if a == w || a == check || !dataaccess.NonIdempotent(a) || dataaccess.SameResource(check.Resource, a.Resource) ||
				a.Instr.Parent() != call.Parent() || !inRegion(a.Instr, check.Fn, region) || allocatesFor(a, w) {
				continue
			}
			if !ssautil.Reachable(call, a.Instr) && !ssautil.Reachable(a.Instr, call) {
				continue // the act and the insert are on different branches: one caller runs one of them
			}
			if !ssautil.Gates(call, dataaccess.WinnerNotInError(w), a.Instr) {
				return w, a
			}
		}
	}
	return nil, nil
}

// allocatesFor reports whether a's result is stored by the insert: a
// number drawn from a counter (UPDATE ... SET next = next + 1 RETURNING)
// for the row's key. The loser burns one, as a sequence's nextval does;
// nothing is doubled.
func allocatesFor(a, insert *dataaccess.Op) bool {
	if a.Kind == apis.Effect || a.Summary != nil && a.Summary.Acts {
		return false // a charge's id stored in the row: the charge is doubled
	}
	for _, in := range insert.Inputs() {
		base := dataaccess.RootPath(in).Base
		if ext, ok := base.(*ssa.Extract); ok {
			base = ext.Tuple
		}
		if call, ok := base.(*ssa.Call); ok && ssa.Instruction(call) == a.Instr {
			return true
		}
	}
	return false
}

// rechecked reports whether the absent branch checks the same resource
// again before the write (double-checked locking): the write is then
// judged against that inner check.
func rechecked(check, write *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) bool {
	for _, inner := range ops {
		if inner == check || !inner.Kind.IsCheck() || inner.Fn != check.Fn ||
			!dataaccess.SameResource(check.Resource, inner.Resource) || !inRegion(inner.Instr, check.Fn, region) ||
			keyedApart(check, inner) {
			continue
		}
		if inRegion(write.Instr, check.Fn, absentBranches(inner)) {
			return true
		}
	}
	return false
}

// keyedApart reports whether two checks of one table look up different
// keys: different fields of one record (user.PhoneNumber, then
// user.Email), or different parameters (username, then email). The
// second is another check, not the first made again under a lock, and
// each guards the insert against its own twin.
func keyedApart(a, b *dataaccess.Op) bool {
	ia, ib := keyInputs(a), keyInputs(b)
	if len(ia) == 0 || len(ib) == 0 {
		return false
	}
	for _, x := range ia {
		if !namedKey(x) {
			return false
		}
		for _, y := range ib {
			if !namedKey(y) || sameField(x, y) {
				return false
			}
		}
	}
	return true
}

// keyInputs returns the inputs of a check that can be its key: fields of
// a record (user.PhoneNumber, a *string too) and values of a basic type
// (a string, a number), not constants, nor the context or handle it runs
// with.
func keyInputs(op *dataaccess.Op) []ssa.Value {
	var out []ssa.Value
	for _, v := range op.Inputs() {
		if _, isConst := v.(*ssa.Const); isConst {
			continue
		}
		_, basic := v.Type().Underlying().(*types.Basic)
		if p := dataaccess.RootPath(v); basic || p.Valid() && p.Fields != "" {
			out = append(out, v)
		}
	}
	return out
}

// namedKey reports whether v is a key whose source tells it apart from
// another: a field of a record, or a parameter of the function.
func namedKey(v ssa.Value) bool {
	p := dataaccess.RootPath(v)
	if !p.Valid() {
		return false
	}
	_, isParam := p.Base.(*ssa.Parameter)
	return p.Fields != "" || isParam
}

// sameField reports whether two values are one value, or loads of one
// field of one record (user.Email twice).
func sameField(x, y ssa.Value) bool {
	if dataaccess.SameValue(x, y) {
		return true
	}
	px, py := dataaccess.RootPath(x), dataaccess.RootPath(y)
	return px.Valid() && py.Valid() && px.Fields != "" && px.Base == py.Base && px.Fields == py.Fields
}

// guarded reports whether something else makes check and write atomic: a
// mutex held across both, or the database serialising them.
func guarded(check, write *dataaccess.Op, ops []*dataaccess.Op) bool {
	loc, ok := locate(write.Instr, check.Fn)
	if !ok {
		return true
	}
	held, found := mutexHeldAcross(check.Instr, loc)
	if held {
		return true
	}
	if _, isMap := check.Instr.(*ssa.Lookup); isMap && !found {
		// A plain map with no mutex in sight is not shared between
		// goroutines (or races anyway, which the race detector finds).
		return true
	}
	return serialisesAbsence(check, ops)
}

// hasSideEffect reports whether the absent branch does more than fill the
// store: a database write elsewhere, an HTTP call, a published message,
// or a call of a function that has one.
func hasSideEffect(check, write *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) bool {
	if write.Summary != nil && write.Summary.Acts && !wonFirst(write.Instr, check, ops, region) {
		return true // a helper that fills the key and publishes: firstSeen(ctx, key) on a miss
	}
	for _, op := range ops {
		if op == write || op == check || !inRegion(op.Instr, check.Fn, region) {
			continue
		}
		if dataaccess.Duplicable(op) && !op.StateGuard && !dataaccess.SameResource(check.Resource, op.Resource) &&
			!memoizes(write, op) && !wonFirst(op.Instr, check, ops, region) {
			return true
		}
	}
	return false
}

// wonFirst reports whether instr runs only for the caller that a claim
// before it on the absent branch picked: an atomic insert or a guarded
// transition (UPDATE ... WHERE notified_at IS NULL) whose outcome gates
// op. A memory check in front of such a claim only saves a round trip;
// the claim, run by both callers, lets one of them on. (The claim itself
// changes the row once: see StateGuard above.)
func wonFirst(instr ssa.Instruction, check *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) bool {
	for _, c := range ops {
		call, ok := c.Instr.(*ssa.Call)
		if !ok || c.Instr == instr || !(c.Kind.IsAtomicInsert() || c.StateGuard) || call.Parent() != instr.Parent() || !inRegion(c.Instr, check.Fn, region) {
			continue
		}
		if c.Callee != nil && apis.IsLockName(c.Callee.Name()) {
			// A lock (TryLock, AcquireLock) lets one caller on at a time
			// and is released after: the next one gets it too, having
			// checked before it was taken. Only a check under it counts.
			continue
		}
		// A guarded UPDATE in SQL tells the loser by its rows affected; its
		// error says only that the statement failed.
		skipErrors := dataaccess.WinnerNotInError(c) || c.StateGuard && c.Summary == nil
		if ssautil.Gates(call, skipErrors, instr) {
			return true
		}
	}
	return false
}

func report(pass *analysis.Pass, check, write *dataaccess.Op, sentinel string, ops []*dataaccess.Op) {
	line := pass.Fset.Position(write.Pos()).Line
	what := describe(check)
	if region, _ := absentRegion(check); savesAbsentRecord(check, write, region) {
		reportZeroSave(pass, check, write, what, line)
		return
	}
	if replacesRefused(check, write) {
		reportReplaced(pass, check, write, what, line)
		return
	}
	if write.Kind.IsAtomicInsert() {
		reportUncoveredConflict(pass, check, write, what, line)
		return
	}
	fix, note := suggestFix(pass, check, write, ops)
	if note != "" {
		note = "; " + note
	}
	d := analysis.Diagnostic{
		Pos: check.Pos(),
		Message: fmt.Sprintf("check-then-act race: %s and the insert at line %d are separate steps, so two concurrent callers can both see it absent and both insert%s (make it one step: %s)%s",
			what, line, why(pass, check, write, sentinel, ops), oneStep(write, check), note),
		Related: []analysis.RelatedInformation{{Pos: write.Pos(), Message: "insert that runs when the check finds nothing"}},
		URL:     apis.RuntimeClaimURL, // the runtime API that claims, works and stores the outcome in one transaction
	}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		d.URL = ""
	}
	pass.Report(d)
}

// reportRacedWrite reports a check-then-act race at the check, naming
// the write it races beside it, with the claim runtime as the way out.
func reportRacedWrite(pass *analysis.Pass, check, write *dataaccess.Op, message, related string) {
	pass.Report(analysis.Diagnostic{
		Pos:     check.Pos(),
		Message: message,
		Related: []analysis.RelatedInformation{{Pos: write.Pos(), Message: related}},
		URL:     apis.RuntimeClaimURL,
	})
}

func reportUngated(pass *analysis.Pass, check, insert, act *dataaccess.Op) {
	fset := pass.Fset
	kind := "conditional insert"
	if insert.Kind == apis.Insert {
		kind = "insert"
	}
	pass.Report(analysis.Diagnostic{
		Pos: check.Pos(),
		Message: fmt.Sprintf("check-then-act race: %s and the %s at line %d%s let two concurrent callers both reach %s at line %d, which the insert's outcome does not gate (run it only when the insert reports a new row: rows affected == 1 or the returned bool; or %s)",
			describe(check), kind, fset.Position(insert.Pos()).Line, answeredNote(insert), describeAct(act), fset.Position(act.Pos()).Line, runtimeFor(act)),
		Related: []analysis.RelatedInformation{
			{Pos: act.Pos(), Message: "the act both callers run"},
			{Pos: insert.Pos(), Message: "the conditional insert, whose outcome is not checked before the act"},
		},
		URL: runtimeURLFor(act),
	})
}

// answeredNote says, of a plain insert that picks one winner, why it does:
// its unique violation is answered as the duplicate.
func answeredNote(insert *dataaccess.Op) string {
	if insert.Kind == apis.Insert {
		return " (which answers its unique violation)"
	}
	return ""
}

// statementLockNote says why a lock taken in autocommit mode holds no
// one (see dataaccess.StatementLock).
const statementLockNote = "its FOR UPDATE runs outside a transaction, so the lock ends with the statement and serialises nothing (read, test and write in one transaction, or take an advisory lock)"

// why adds to the race's message what the code seemed to rely on and
// why it does not hold: a FOR UPDATE that found no row, a sentinel no
// caller tests, an act before the insert that both callers make.
func why(pass *analysis.Pass, check, write *dataaccess.Op, sentinel string, ops []*dataaccess.Op) string {
	var s string
	if check.Locks {
		s += "; FOR UPDATE locks no row when none is found, so it serialises nothing here (lock a parent row both callers lock first, or take an advisory lock)"
	}
	if check.StatementLock {
		s += "; " + statementLockNote
	}
	if sentinel != "" {
		s += fmt.Sprintf("; the insert's unique violation becomes %s, which no caller tests", sentinel[strings.LastIndex(sentinel, ".")+1:])
	}
	if act := actBefore(check, write, ops); act != nil {
		s += fmt.Sprintf("; %s at line %d runs before the insert, so both callers make it whatever the insert's outcome", describeAct(act), pass.Fset.Position(act.Pos()).Line)
	}
	return s
}

// actBefore returns an act on the check's absent branch, in the insert's
// function, that runs before the insert and that running twice doubles
// (an insert, an increment, a send; not a write of absolute values, which
// the second caller repeats to the same effect): no handling of the
// insert's outcome can undo it.
func actBefore(check, write *dataaccess.Op, ops []*dataaccess.Op) *dataaccess.Op {
	region := absentBranches(check)
	for _, a := range ops {
		if a == write || a == check || !dataaccess.Duplicable(a) || !dataaccess.NonIdempotent(a) || dataaccess.SameResource(check.Resource, a.Resource) ||
			a.Instr.Parent() != write.Instr.Parent() || !inRegion(a.Instr, check.Fn, region) {
			continue
		}
		if ssautil.Reachable(a.Instr, write.Instr) && !ssautil.Reachable(write.Instr, a.Instr) {
			return a
		}
	}
	return nil
}

// oneStep names the atomic form of the insert for the message: the
// store's conditional write, or for SQL stores ON CONFLICT and the runtime.
func oneStep(write, check *dataaccess.Op) string {
	// The write's store names the conditional write; a store helper's
	// write is named by the store its caller checked (an HGetAll, then
	// the helper's HSET).
	for _, op := range []*dataaccess.Op{write, check} {
		if op.Callee != nil && op.Callee.Pkg() != nil {
			if s := apis.OneStepInsert(op.Callee.Pkg().Path()); s != "" {
				return s
			}
		}
	}
	return "INSERT ... ON CONFLICT, or runtime/claim"
}

// describe names the check for the message.
func describe(op *dataaccess.Op) string {
	switch {
	case op.SQL != nil && op.SQL.Table != "":
		return fmt.Sprintf("the existence check on %s", op.SQL.Table)
	case dataaccess.DispatchedMessage(op) != "":
		return fmt.Sprintf("the existence check %s", dataaccess.DispatchedMessage(op))
	case op.Callee != nil:
		return fmt.Sprintf("the existence check %s", op.Callee.Name())
	}
	return "the map lookup"
}
