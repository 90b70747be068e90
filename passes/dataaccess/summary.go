package dataaccess

import (
	"fmt"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// Summary is the fact exported for a function whose body performs one
// kind of data operation, so that its callers, in this package or in
// another one, see the call as that operation.
type Summary struct {
	Kind  apis.Kind // the operation, or None when the body mixes kinds
	Table string    // the one table or model it touches, if known
	// repo is the one repository interface its operations go through
	// when no table is known (ds.User(ctx).Put(&u)); kept in this
	// package only (an unexported field is no part of the fact).
	repo types.Type
	// Columns are those of its SQL (a check's WHERE, a conditional
	// insert's ON CONFLICT target), where its statements agree on them
	// (see columns.go).
	Columns Columns
	// Overwrites is set when every conditional insert of a CondInsert
	// body is an upsert (see overwrites.go): no claim for its callers.
	Overwrites bool
	// ConflictParam is the index of the clause.OnConflict parameter every
	// conditional insert of the body takes its conflict clause from, or
	// -1: whether a call overwrites is read from its argument there.
	ConflictParam int
	// HandleParam is the index of the parameter (receiver excluded, as in
	// the apis tables and every other index here) of the handle the body
	// runs on, or -1 when it runs on something else (the receiver or one
	// of its fields), whose kind HandleKind records.
	HandleParam int
	HandleKind  apis.HandleKind
	// KeyParam is the index of the parameter the key comes from, or -1.
	KeyParam int
	// KeyForm is the template the body builds its key by from that
	// parameter ("idem:donation:"+key, see keyTemplate), or "" when the
	// parameter is the key itself.
	KeyForm string
	// KeyStore locates the store the key lives in on the receiver: "@"
	// followed by the field path (Path.Fields) of a client field of the
	// receiver (a.Redis), or "" when the store is not the receiver's. To
	// a caller, the entry is the same one its own calls on that field
	// name.
	KeyStore string
	// Claim is set when the body records an idempotency claim or a
	// processed marker (a key/dedup/inbox table, or a Claim-like name).
	Claim bool
	// Effect is set when the body writes data or has an external effect,
	// directly or through calls.
	Effect bool
	// Duplicable is set when running the body twice does harm: it has an
	// external effect, a plain insert or an update, directly or through
	// calls. Idempotent writes (upserts, ON CONFLICT, SET of a key) and
	// in-memory writes do not count.
	Duplicable bool
	// TxFuncParam is the index of a func parameter the body calls with an
	// open transaction (a WithTx/InTx helper), or -1.
	TxFuncParam int
	// Acts is set when the body has an external effect (an HTTP call, a
	// publish, a payment or e-mail SDK call, an application's mailer or
	// ledger), directly or through calls; database writes do not count.
	Acts bool
	// Sends is set when the body does nothing but external effects named
	// for one (SMS.Send, Mailer.Send, a charge), directly or through
	// helpers that do the same: whatever the helper is called
	// (announceJoin), what it does twice is a message or a charge. A
	// helper that also reads or writes (a sign-in check that calls its
	// provider), or returns what the call answered (a poll), is not one.
	Sends bool
	// Writes is set when the body writes a database table (SQL or ORM),
	// directly or through calls; key-value, map and external effects do
	// not count.
	Writes bool
	// Commits is set when the body commits a transaction it opens itself
	// (Begin...Commit, gorm Transaction, pgx.BeginFunc), directly or
	// through calls: to its caller, its writes are already committed when
	// it returns.
	Commits bool
	// RecvHandle is set when the body runs on a field of its receiver
	// whose kind the body cannot tell (sqlc's q.db): the caller's receiver
	// value (New(pool) or q.WithTx(tx)) tells it.
	RecvHandle bool
	// StateGuard is set when every write of the body is a state-guarded
	// update (see Op.StateGuard).
	StateGuard bool
	// WinsByError is set when the body succeeds only where a guarded
	// write of it changed a row (see guardDecidesSuccess): its nil error
	// tells the one caller that won.
	WinsByError bool
	// HandlesDuplicate is set when the body answers an insert's unique
	// violation as the duplicate outcome (returns nil or the existing
	// row): to a caller, the duplicate is handled behind the write, for
	// every table but those of UnansweredTables.
	HandlesDuplicate bool
	// UnansweredTables are the tables of the body's inserts whose unique
	// violation it does not answer, when it answers another's: a helper
	// that answers the clash of a side row (a default resource) but not
	// of the user it inserts hands the user's clash to its caller.
	UnansweredTables []string
	// DuplicateErr is the package-level error ("path.Name") the body
	// turns its insert's unique violation into (ErrUserExists) or hands on
	// from a callee that did: the duplicate is handled only where a
	// caller tests it.
	DuplicateErr string
	// InsertTables lists the tables the body inserts into, sorted, when
	// they are not one Table (a CreateFeed that inserts the feed and its
	// entries): a caller's check of any of them guards this insert.
	InsertTables []string
	// Locks is set for a read whose every query locks what it reads (SELECT
	// ... FOR UPDATE) on a handle the caller passes in, or on its
	// receiver's handle whose kind the caller's receiver tells (sqlc's
	// qtx := q.WithTx(tx); qtx.LockUser(ctx, id)), and that the body does
	// not commit: the lock is held in the caller's transaction, as if the
	// caller had run the query.
	Locks bool
	// ExcludeParams lists the parameters of a check that only leave rows
	// out of its reads (WHERE id <> ?: the row its caller will write),
	// not values it looks for (see excluded.go).
	ExcludeParams []int
	// BeginsLocked is set for a body that begins a transaction, takes a
	// lock in it (FOR UPDATE, an advisory transaction lock), and returns
	// it: its call is a lock its caller's statements on that transaction
	// run after (see lockedbegin.go).
	BeginsLocked bool
	// AddsRows is set when every insert of the body is an UnkeyedInsert,
	// directly or through calls: a value it stores (a message's id) keys
	// no row, since no unique key holds it.
	AddsRows bool
	// InProcess is set for a body whose every operation keeps data in the
	// process's memory (an in-process cache's wrapper): a store into it
	// beside a database read is a cache fill (withoutProcessCache).
	InProcess bool
	// LockedRead is set for a read body that takes a lock (a lock
	// helper's FOR UPDATE) before each of its other reads: it reads under
	// the lock, in the caller's transaction (see rechecks.go).
	LockedRead bool
	// Rechecks is set when every write and effect of the body runs only
	// on an outcome of a read made under a lock the body holds: a caller's
	// earlier test of the state is a pre-check, and a twin waits and
	// finds the work done (see rechecks.go).
	Rechecks bool
	// OtherKeysAnswered is set for a body whose conditional inserts (ON
	// CONFLICT on one target) are each followed by a test for a unique
	// violation: the table has another unique key, and the body answers
	// its violation (a custom domain taken by another user becomes a
	// conflict error). A caller's check of that other key is answered.
	OtherKeysAnswered bool
	// ErrWhenPresent is set for a check whose only result is an error (a
	// validator: ValidateUserCreation returns ErrUserExists) or a message
	// (CheckUserExists returns "user already exists"): the error or the
	// message is how it says the row is there, so nil or "" means absent.
	ErrWhenPresent bool
	// ActBeforeInsert names what the body does before one of its plain
	// inserts that the insert's failure does not undo (see
	// actBeforeInsert): a caller that answers the insert's unique
	// violation has it done twice.
	ActBeforeInsert string
	// ZeroWhenAbsent is set for a read that returns its record by value
	// and says "not found" with the zero record and no error: it swallows
	// the read's error (no error result), returns T{} with a nil error
	// (gorm's ErrRecordNotFound or no rows affected turned into nothing),
	// returns the record it read with nil errors after testing the read's
	// error for not-found (the not-found path falls through), or returns
	// what a helper that does so returned. A read returning a pointer is
	// one when, after testing for not-found, it returns with nil errors
	// the record it handed the read, unfilled (not nil). Its callers test
	// the record's fields, not the error.
	ZeroWhenAbsent bool
	// FromRequest is set for a read whose every check is of a record a
	// middleware kept in the request's context, handed on (FromContext).
	FromRequest bool
	// NonIdempotent is set when running the body twice changes more than
	// running it once (see NonIdempotent): an insert, an increment, an
	// external effect, directly or through calls. A body that only writes
	// absolute values is idempotent, however many rows it writes.
	NonIdempotent bool
	// DoublesWrite is set when running the body twice with the same
	// arguments writes twice (see DoublesWrite): a relative update, a
	// key-value increment, an insert whose key the body or the database
	// mints, directly or through calls.
	DoublesWrite bool
	// SavesParam is the index of the parameter (receiver excluded) whose
	// record the body writes back unconditionally, directly or through
	// calls (see savedParam), or -1: to a caller that read the record and
	// tested its state, the call is the state write.
	SavesParam int
	// SavesBySave is set with SavesParam when the record is written with
	// an ORM Save (gorm's), directly or through calls: it updates the row
	// when the record's key is set, and inserts one when the key is zero,
	// as it is for a record a lookup found absent.
	SavesBySave bool
	// SavesWhole is set with SavesParam when the record is written whole,
	// every column as it holds it (see SavedWhole), directly or through
	// calls: a caller's stale copy overwrites what others changed.
	SavesWhole bool
	// RemovesByRow is set when the body deletes by DELETE ... RETURNING
	// read as one row (QueryRow, sqlc's :one), directly or through calls,
	// and returns an error: a caller that finds nothing to delete gets
	// ErrNoRows, so a nil error tells the caller that removed the row.
	RemovesByRow bool
	// SavesReceiver is set for a method that writes its receiver's
	// record back whole (see savesReceiver), directly or through calls.
	SavesReceiver bool
	// SQLParam is the index of the string parameter (receiver excluded)
	// the body runs as SQL text on its handle, or -1: a query wrapper
	// (trx.Exists(sql, args...)), whose every call is the statement its
	// caller passes (see fromSQLParam).
	SQLParam int
	// TableArg is one more than the index of the string parameter
	// (receiver excluded) the body's SQL names its table with, or 0: a
	// generic helper (exists(ctx, table, id)) whose every call is on the
	// table its caller's constant names.
	TableArg int
	// KeyValue is set when every check and write of the body is on a
	// key-value store (redis keys, directly or through calls): to a caller
	// the body is a key's check or SET, judged as checkthenact judges
	// those (a SET that nothing else follows is a cache fill, not a
	// doubled row).
	KeyValue bool
	// SelectsByState is set for a read that returns a list of records its
	// query picks by their state (GetPendingEmails: WHERE sent_at IS
	// NULL): to a caller, each element has passed that test.
	SelectsByState bool
}

func (*Summary) AFact() {}

func (s *Summary) String() string {
	return fmt.Sprintf("%s table=%q handle=%d/%s key=%d claim=%t effect=%t acts=%t txfunc=%d writes=%t commits=%t recvhandle=%t stateguard=%t locks=%t errwhenpresent=%t zerowhenabsent=%t handlesdup=%t duperr=%q inserts=%v nonidempotent=%t doubles=%t saves=%d",
		s.Kind, s.Table, s.HandleParam, s.HandleKind, s.KeyParam, s.Claim, s.Effect, s.Acts, s.TxFuncParam,
		s.Writes, s.Commits, s.RecvHandle, s.StateGuard, s.Locks, s.ErrWhenPresent, s.ZeroWhenAbsent, s.HandlesDuplicate, s.DuplicateErr, s.InsertTables,
		s.NonIdempotent, s.DoublesWrite, s.SavesParam) + s.sqlParamString() + s.keyValueString() + s.keyFormString() + s.selectsByStateString() + s.tableArgString() + s.conflictParamString() + s.flagsString() + s.excludeParamsString() + s.actBeforeInsertString() + s.sendsString()
}

// sendsString spells Sends only when set.
func (s *Summary) sendsString() string {
	if !s.Sends {
		return ""
	}
	return " sends"
}

// returnsOnlyError reports whether fn returns nothing or only an error:
// a helper that hands back what the call answered (a poll's actions, a
// quote) fetches, whatever its transport.
func returnsOnlyError(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	return res.Len() == 0 || res.Len() == 1 && ssautil.IsError(res.At(0).Type())
}

// onlySends reports whether ops are all external effects named for one,
// or calls of helpers that only send, and there is at least one.
func onlySends(ops []*Op) bool {
	for _, op := range ops {
		named := op.Summary == nil && op.Callee != nil && apis.IsEffectName(op.Callee.Name())
		if op.Kind != apis.Effect || !named && (op.Summary == nil || !op.Summary.Sends) {
			return false
		}
	}
	return len(ops) > 0
}

// actBeforeInsertString spells ActBeforeInsert only when set.
func (s *Summary) actBeforeInsertString() string {
	if s.ActBeforeInsert == "" {
		return ""
	}
	return " actbefore=" + s.ActBeforeInsert
}

// tableArgString spells TableArg only when set, as keyValueString does.
func (s *Summary) tableArgString() string {
	if s.TableArg == 0 {
		return ""
	}
	return fmt.Sprintf(" tablearg=%d", s.TableArg-1)
}

// conflictParamString spells ConflictParam only when set, as
// keyValueString does.
func (s *Summary) conflictParamString() string {
	if s.ConflictParam < 0 {
		return ""
	}
	return fmt.Sprintf(" conflictparam=%d", s.ConflictParam)
}

// excludeParamsString spells ExcludeParams only when set, as
// keyValueString does.
func (s *Summary) excludeParamsString() string {
	if len(s.ExcludeParams) == 0 {
		return ""
	}
	return fmt.Sprintf(" excludes=%v", s.ExcludeParams)
}

// flagsString spells the flags that are set, each as its word, as
// keyValueString does for its value: Overwrites, OtherKeysAnswered,
// LockedRead and Rechecks.
func (s *Summary) flagsString() string {
	out := ""
	for _, f := range []struct {
		set  bool
		word string
	}{{s.Overwrites, "overwrites"}, {s.SavesBySave, "bysave"}, {s.OtherKeysAnswered, "otherkeys"}, {s.LockedRead, "lockedread"}, {s.Rechecks, "rechecks"}, {s.BeginsLocked, "beginslocked"}, {s.InProcess, "inprocess"}, {s.WinsByError, "winsbyerror"}, {s.SavesReceiver, "savesrecv"}, {s.RemovesByRow, "removesbyrow"}} {
		if f.set {
			out += " " + f.word
		}
	}
	return out
}

// selectsByStateString spells SelectsByState only when set, as
// keyValueString does.
func (s *Summary) selectsByStateString() string {
	if !s.SelectsByState {
		return ""
	}
	return " bystate"
}

// keyFormString spells KeyForm and KeyStore only when set, as
// keyValueString does, with the hole as "$".
func (s *Summary) keyFormString() string {
	out := ""
	if s.KeyForm != "" {
		out += fmt.Sprintf(" keyform=%s", strings.ReplaceAll(s.KeyForm, keyHole, "$"))
	}
	if s.KeyStore != "" {
		out += " keystore=" + s.KeyStore
	}
	return out
}

// keyValueString spells KeyValue only when set, so that the other
// summaries read as they did before it existed.
func (s *Summary) keyValueString() string {
	if !s.KeyValue {
		return ""
	}
	return " keyvalue"
}

// sqlParamString spells SQLParam only for a query wrapper, so that the
// other summaries read as they did before it existed.
func (s *Summary) sqlParamString() string {
	if s.SQLParam < 0 {
		return ""
	}
	return fmt.Sprintf(" sqlparam=%d", s.SQLParam)
}

// summaryOf returns the summary of f: computed here for this package's
// functions, imported as a fact for the others.
func (m *modeler) summaryOf(f *types.Func) *Summary {
	if s, ok := m.local[f]; ok {
		return s
	}
	if f.Pkg() == m.pass.Pkg {
		return nil
	}
	s := new(Summary)
	if m.pass.ImportObjectFact(f, s) {
		return s
	}
	return nil
}

// summarize recomputes the summaries of the package's named functions
// from their operations and returns those whose summary changed.
func (m *modeler) summarize(funcs []*ssa.Function, ops []*Op) (changed []*ssa.Function) {
	if !m.summarizable() {
		return nil
	}
	byFn := map[*ssa.Function][]*Op{}
	for _, op := range ops {
		byFn[op.Fn] = append(byFn[op.Fn], op)
	}
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil {
			continue
		}
		s := m.withSQLParam(fn, summarizeFunc(fn, withoutLazyInit(fn, withAnons(fn, byFn))))
		old, had := m.local[obj]
		switch {
		case s == nil && had:
			delete(m.local, obj)
			changed = append(changed, fn)
		case s != nil && (!had || !reflect.DeepEqual(old, s)):
			m.local[obj] = s
			changed = append(changed, fn)
		}
	}
	return changed
}

func withAnons(fn *ssa.Function, byFn map[*ssa.Function][]*Op) []*Op {
	ops := byFn[fn]
	for _, anon := range fn.AnonFuncs {
		ops = append(ops, withAnons(anon, byFn)...)
	}
	return ops
}

// summarizeFunc builds the summary of one function, or nil when the body
// does nothing the model cares about.
func summarizeFunc(fn *ssa.Function, ops []*Op) *Summary {
	s := &Summary{HandleParam: -1, KeyParam: -1, ConflictParam: -1, TxFuncParam: txFuncParam(fn, ops), SQLParam: -1, TableArg: tableArgOf(fn, ops)}
	s.SavesParam, s.SavesBySave, s.SavesWhole = savedParam(fn, ops)
	s.SavesReceiver = savesReceiver(fn, ops)
	var checks, writes, atomic, plain []*Op
	for _, op := range ops {
		switch {
		case inMemory(op) && op.Summary == nil:
			// A function's own maps are bookkeeping, not the resource its
			// callers check or write: classifying it by them would make any
			// two methods of one type look like a check and an insert.
		case op.FromRequest && !handsOnRequestRecord(fn, op):
			// The request's record consulted, not handed to the caller.
		case op.Kind.IsCheck():
			checks = append(checks, op)
		case op.Kind.IsWrite():
			writes = append(writes, op)
			if summaryKind(op).IsAtomicInsert() {
				atomic = append(atomic, op)
			} else if op.Kind == apis.Insert {
				plain = append(plain, op)
			}
		}
		if op.Kind == apis.Effect || op.Kind.IsWrite() && !inMemory(op) || op.Summary != nil && op.Summary.Effect {
			s.Effect = true
		}
		if op.Kind == apis.Effect || op.Summary != nil && op.Summary.Acts {
			s.Acts = true
		}
		if Duplicable(op) {
			s.Duplicable = true
		}
		if NonIdempotent(op) && !wonClaimGates(op, ops) {
			s.NonIdempotent = true // not what runs only for the caller whose claim inserted
		}
		if DoublesWrite(op) && !wonClaimGates(op, ops) && !FedByTransition(op, ops) {
			s.DoublesWrite = true
		}
		if writesTable(op) {
			s.Writes = true
		}
		if op.Kind == apis.Commit || op.TxFunc != nil || op.Summary != nil && op.Summary.Commits {
			s.Commits = true
		}
	}
	s.Sends = onlySends(ops) && returnsOnlyError(fn)
	checks, writes = withoutProcessCache(checks, withoutCacheEvictions(checks, writes))
	data := append(append([]*Op(nil), checks...), writes...)
	switch {
	case len(writes) == 0 && len(checks) > 0:
		s.Kind = apis.Read
		for _, op := range checks {
			if op.Kind == apis.Exists {
				s.Kind = apis.Exists
			}
		}
	case len(writes) > 0 && len(atomic) > 0 && len(plain) == 0:
		// Claim-and-load helpers (insert ON CONFLICT, then select the
		// winner) are an atomic claim as a whole.
		s.Kind = apis.CondInsert
	case len(plain) > 0:
		// A helper that inserts is an insert for its callers, even when it
		// also reads first (a CreateFeed that checks and inserts inside is
		// a finding of its own, and still an insert to whoever calls it).
		s.Kind = apis.Insert
	case len(writes) > 0 && (len(checks) == 0 || allUpdates(writes)):
		// A helper that looks the row up, then updates it (UpdatePayment:
		// found? then save), is an update for its callers.
		s.Kind = summaryKind(writes[0])
	}
	if len(data) == 0 {
		s.commitsParam(fn, ops)
	}
	s.StateGuard = len(writes) > 0
	for _, w := range writes {
		s.StateGuard = s.StateGuard && w.StateGuard
	}
	s.WinsByError = guardDecidesSuccess(fn, ops)
	s.RemovesByRow = removesByRow(fn, ops)
	s.StateGuard = s.StateGuard || s.WinsByError
	s.KeyValue = len(data) > 0 && !slices.ContainsFunc(data, func(op *Op) bool { return !KeyValue(op) })
	s.AddsRows = addsRowsOnly(ops)
	s.InProcess = len(data) > 0 && !slices.ContainsFunc(data, func(op *Op) bool { return !inProcess(op) })
	if len(data) > 0 {
		// A body that mixes kinds (reads, then writes) still runs on one
		// handle: its callers need to know which.
		s.HandleParam, s.HandleKind = commonHandle(fn, data)
		s.RecvHandle = s.HandleParam < 0 && s.HandleKind == apis.HandleUnknown && onReceiverField(fn, data)
	}
	s.Locks = len(writes) == 0 && len(checks) > 0 && (s.HandleParam >= 0 || s.RecvHandle) && !s.Commits && allLock(checks)
	s.LockedRead = len(writes) == 0 && (s.HandleParam >= 0 || s.RecvHandle) && !s.Commits && lockedRead(checks)
	s.Rechecks = rechecks(ops)
	s.BeginsLocked = beginsLocked(fn, ops)
	if s.Kind.IsCheck() {
		s.ExcludeParams = excludedParams(fn)
	}
	s.ErrWhenPresent = (s.Kind == apis.Exists || s.Kind == apis.Read && forgivesAbsence(fn)) &&
		returnsOnlyVerdict(fn) && !onlyPassesFailures(fn) && !errsOnlyForAbsence(fn) && !namedForLoading(fn.Name()) && !namedForState(fn.Name())
	s.ZeroWhenAbsent = (s.Kind == apis.Read || s.Kind == apis.Exists) && returnsZeroWhenAbsent(fn, checks)
	s.ActBeforeInsert = actBeforeInsert(ops, plain)
	s.FromRequest = s.Kind == apis.Read && len(checks) > 0 && !slices.ContainsFunc(checks, func(op *Op) bool { return !op.FromRequest })
	// Every read of the body picks by state: GetAllChannels(scope), whose
	// "disabled" scope alone filters on the status, lists by no state.
	s.SelectsByState = s.Kind == apis.Read && returnsRecordList(fn.Signature) && !slices.ContainsFunc(checks, func(op *Op) bool { return !op.SelectsByState })
	var unanswered []*Op
	for _, w := range plain {
		if s.answerDuplicate(fn, w) {
			s.HandlesDuplicate = true
		} else {
			unanswered = append(unanswered, w)
		}
	}
	if s.HandlesDuplicate {
		s.UnansweredTables = mergeTables(s.UnansweredTables, tablesOf(unanswered))
	} else {
		s.UnansweredTables = nil
	}
	if s.Kind != apis.None {
		s.Table = commonTable(data)
		if s.Table == "" && len(writes) == 0 {
			s.Table = returnedRecordTable(fn, checks)
		}
		if s.Table == "" {
			s.InsertTables = tablesOf(plain)
			s.repo = commonRepo(data)
		}
		s.KeyParam, s.KeyForm = keyParam(fn, data)
		s.KeyStore = keyStore(fn, data)
		s.Claim = s.Kind.IsWrite() && (apis.IsClaimTable(s.Table) || apis.IsClaimName(fn.Name()) || anyClaim(data))
		s.setColumns(checks, atomic)
		s.OtherKeysAnswered = len(atomic) > 0 && !slices.ContainsFunc(atomic, func(op *Op) bool { return !AnswersOtherKeys(op) })
		s.Overwrites = overwritingUpserts(s.Kind, atomic)
		s.ConflictParam = conflictParam(fn, s.Kind, atomic)
	}
	if s.Kind == apis.None && !s.Effect && s.TxFuncParam < 0 && !s.Commits && !s.BeginsLocked {
		return nil
	}
	return s
}

// commitsParam makes a body that only commits the transaction its caller
// hands in (commitTx(ctx, tx), a Finish(tx) that commits it) a commit of
// that transaction to its callers: what the caller wrote on it is
// committed when the call returns nil, as after tx.Commit itself.
func (s *Summary) commitsParam(fn *ssa.Function, ops []*Op) {
	param := -1
	for _, op := range ops {
		if op.Kind != apis.Commit {
			continue
		}
		idx := paramIndex(fn, op.Handle.Path)
		if idx < 0 || param >= 0 && idx != param {
			return
		}
		param = idx
	}
	if param >= 0 {
		s.Kind, s.HandleParam, s.HandleKind = apis.Commit, param, apis.HandleTx
	}
}

// answerDuplicate reports whether fn answers the unique violation of its
// insert w, and otherwise records the sentinel it turns it into (or hands
// on).
func (s *Summary) answerDuplicate(fn *ssa.Function, w *Op) bool {
	var handedOn string
	if w.Summary != nil {
		if w.Summary.HandlesDuplicate {
			s.UnansweredTables = mergeTables(s.UnansweredTables, w.Summary.UnansweredTables)
			return true
		}
		handedOn = w.Summary.DuplicateErr
	}
	a := DuplicateAnswer{Sentinel: handedOn}
	if enclosing(fn, w.Instr.Parent()) {
		// In fn or in a closure fn makes (a transaction's, a
		// singleflight's): the code after the insert, where it runs,
		// answers its violation.
		a = AnswerDuplicate(w.Instr, handedOn)
	}
	if !a.Answered && s.DuplicateErr == "" {
		s.DuplicateErr = a.Sentinel
	}
	return a.Answered
}

// allLock reports whether every op locks what it reads.
func allLock(ops []*Op) bool {
	for _, op := range ops {
		if !op.Locks {
			return false
		}
	}
	return true
}

// Duplicable reports whether running op twice does harm: an external
// effect, a plain insert or an update of a table, an update of a key
// (INCR), or a call of a function that does one of those. Setting the same
// key-value entry twice (redis SET, SADD) or an in-memory map entry is
// idempotent and does not count, nor do conditional inserts.
func Duplicable(op *Op) bool {
	switch {
	case op.Summary != nil:
		return op.Summary.Duplicable
	case op.Kind == apis.Effect:
		return true
	case inMemory(op):
		return false
	case op.Resource.Key != nil: // key-value write
		return op.Kind == apis.Update
	}
	return op.Kind == apis.Insert || op.Kind == apis.Update
}

// inMemory reports whether op touches process memory only (a map or a
// sync.Map): writing one is no side effect a retry could duplicate.
func inMemory(op *Op) bool {
	switch op.Instr.(type) {
	case *ssa.MapUpdate, *ssa.Lookup:
		return true
	}
	return op.Callee != nil && op.Callee.Pkg() != nil && op.Callee.Pkg().Path() == "sync"
}

// writesTable reports whether op writes a database table: a SQL or ORM
// write, a repository write known by name, or a wrapper that does one.
// Key-value and map writes name a Key instead of a table.
func writesTable(op *Op) bool {
	if op.Summary != nil {
		return op.Summary.Writes
	}
	return op.Kind.IsWrite() && op.Resource.Key == nil && op.Call() != nil
}

// onReceiverField reports whether every operation runs on a field of
// fn's receiver.
func onReceiverField(fn *ssa.Function, ops []*Op) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || len(ops) == 0 {
		return false
	}
	for _, op := range ops {
		if op.Handle.Path.Base != fn.Params[0] || op.Handle.Path.Fields == "" {
			return false
		}
	}
	return true
}

func anyClaim(ops []*Op) bool {
	for _, op := range ops {
		if op.Kind == apis.Claim || op.Summary != nil && op.Summary.Claim {
			return true
		}
	}
	return false
}

// tablesOf returns the distinct known tables of ops, sorted.
func tablesOf(ops []*Op) []string {
	var tables []string
	for _, op := range ops {
		for _, t := range append([]string{op.Resource.Table}, op.Resource.Tables...) {
			if t != "" && !slices.Contains(tables, t) {
				tables = append(tables, t)
			}
		}
	}
	slices.Sort(tables)
	return tables
}

// mergeTables returns the sorted union of two table lists, each name
// once: summaries are recomputed until nothing changes, so a list that
// grew with every round would never settle.
func mergeTables(a, b []string) []string {
	out := slices.Clone(a)
	for _, t := range b {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

func allUpdates(writes []*Op) bool {
	for _, w := range writes {
		if summaryKind(w) != apis.Update {
			return false
		}
	}
	return true
}

// guardDecidesSuccess reports whether the body succeeds only when a
// guarded write of it changed a row: its commit, or each return of a nil
// error after it, runs only on the branch that the write's outcome (its
// rows affected) opens (UPDATE users SET family_admin_id = $1 WHERE ...
// AND family_admin_id IS NULL; if affected != 1 { rollback; return err }).
// Beside unguarded writes of the same transaction, the helper still picks
// one winner: the second caller gets an error and its writes roll back.
func guardDecidesSuccess(fn *ssa.Function, ops []*Op) bool {
	for _, w := range ops {
		call, ok := w.Instr.(*ssa.Call)
		if !ok || w.Fn != fn || !w.StateGuard || !w.Kind.IsWrite() || DoublesWrite(w) {
			continue
		}
		exits := successExits(fn, ops, w)
		if len(exits) > 0 && !slices.ContainsFunc(exits, func(exit ssa.Instruction) bool { return !ssautil.Gates(call, true, exit) }) {
			return true
		}
	}
	return false
}

// removesByRow reports whether fn returns an error and deletes by a
// RETURNING statement read as one row, or calls a helper that does (see
// Summary.RemovesByRow).
func removesByRow(fn *ssa.Function, ops []*Op) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !ssautil.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	for _, op := range ops {
		if op.Summary != nil && op.Summary.RemovesByRow {
			return true
		}
		if op.Kind == apis.Delete && op.SQL != nil && op.SQL.Returning && op.Callee != nil && strings.HasPrefix(op.Callee.Name(), "QueryRow") {
			return true
		}
	}
	return false
}

// successExits returns where fn succeeds after w: the commits of its
// transaction, or else the returns of an error that may be nil.
func successExits(fn *ssa.Function, ops []*Op, w *Op) []ssa.Instruction {
	var commits, returns []ssa.Instruction
	for _, c := range ops {
		if c.Fn == fn && c.Kind == apis.Commit && ssautil.Reachable(w.Instr, c.Instr) {
			commits = append(commits, c.Instr)
		}
	}
	if len(commits) > 0 {
		return commits
	}
	for _, ret := range ssautil.Returns(fn) {
		if len(ret.Results) == 0 || !ssautil.Reachable(w.Instr, ret) {
			continue
		}
		if mayBeNilError(ret.Results[len(ret.Results)-1], w) {
			returns = append(returns, ret)
		}
	}
	return returns
}

// addsRowsOnly reports whether ops insert, and every insert among them
// is an UnkeyedInsert or a call of a helper whose inserts all are.
func addsRowsOnly(ops []*Op) bool {
	inserts := 0
	for _, op := range ops {
		switch {
		case op.Summary != nil && op.Summary.Kind == apis.Insert:
			if !op.Summary.AddsRows {
				return false
			}
		case op.Kind == apis.Insert:
			if !op.UnkeyedInsert {
				return false
			}
		default:
			continue
		}
		inserts++
	}
	return inserts > 0
}

// mayBeNilError reports whether a returned error may be nil: nil itself,
// or what another call returns (return s.store.MarkPaid(ctx, id)), not
// one made here (fmt.Errorf) nor w's own.
func mayBeNilError(v ssa.Value, w *Op) bool {
	if k, ok := v.(*ssa.Const); ok {
		return k.IsNil() && ssautil.IsError(k.Type())
	}
	if x, ok := v.(*ssa.Extract); ok {
		v = x.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok || call == w.Instr {
		return false
	}
	f := Callee(&call.Call)
	return f == nil || f.Pkg() == nil || f.Pkg().Path() != "errors" && f.Pkg().Path() != "fmt"
}

// wonClaimGates reports whether op runs only where an atomic claim of its
// function reported a new key (INSERT ... ON CONFLICT DO NOTHING, then
// `if n == 0 { return nil }`): a second run with the same key claims
// nothing and skips it, so the helper does not double it.
func wonClaimGates(op *Op, ops []*Op) bool {
	for _, c := range ops {
		call, ok := c.Instr.(*ssa.Call)
		if !ok || c == op || c.Fn != op.Fn || !summaryKind(c).IsAtomicInsert() {
			continue
		}
		if ssautil.Gates(call, true, op.Instr) {
			return true
		}
	}
	return false
}

// summaryKind is what op is to its function's callers: its own kind,
// but for gorm's Save of a record that already has its key (db.Save(&n)
// of a loaded row), an upsert that writes the row back for every caller
// and picks no winner: an update, never a claim.
func summaryKind(op *Op) apis.Kind {
	if op.Kind == apis.CondInsert && WritesBack(op) {
		return apis.Update
	}
	return op.Kind
}

// returnedRecordTable returns the table of the record a loader that
// reads several tables returns: the webhook's loader that reads the
// payment, its provider and its products returns the payment, and its
// callers test and write the payment. It is "" unless one of the reads is
// of the returned record's table.
func returnedRecordTable(fn *ssa.Function, checks []*Op) string {
	res := fn.Signature.Results()
	if res.Len() == 0 {
		return ""
	}
	n := ssautil.NamedOf(res.At(0).Type())
	if n == nil {
		return ""
	}
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
		return ""
	}
	table := normalizeTable(n.Obj().Name())
	for _, op := range checks {
		if op.Resource.Table == table {
			return table
		}
	}
	return ""
}

func commonTable(ops []*Op) string {
	table := ""
	for _, op := range ops {
		t := op.Resource.Table
		if t == "" || table != "" && t != table {
			return ""
		}
		table = t
	}
	return table
}

// withoutCacheEvictions drops from a body's writes the key-value deletes
// that evict a cache entry beside a database write or read (the user row
// updated, then redis.Del of its cached group): bookkeeping, not a second
// resource. Without a table op, a key-value delete is the body's write.
func withoutCacheEvictions(checks, writes []*Op) []*Op {
	onTable := func(op *Op) bool { return op.Resource.Table != "" && !KeyValue(op) }
	if !slices.ContainsFunc(writes, onTable) && !slices.ContainsFunc(checks, onTable) {
		return writes
	}
	return slices.DeleteFunc(slices.Clone(writes), func(op *Op) bool { return op.Kind == apis.Delete && KeyValue(op) })
}

// withoutProcessCache drops from a body's checks and writes what it
// reads from and stores into the process's own memory beside a database
// read or write (the row looked up in an LRU or ristretto cache, read
// from the database when missing, then kept there): a read through a
// cache, not a second resource. Without a table op, such reads and
// stores are the body's (a dedup memory's test and mark).
func withoutProcessCache(checks, writes []*Op) ([]*Op, []*Op) {
	onTable := func(op *Op) bool { return op.Resource.Table != "" && !KeyValue(op) }
	if !slices.ContainsFunc(writes, onTable) && !slices.ContainsFunc(checks, onTable) {
		return checks, writes
	}
	cached := func(op *Op) bool { return inProcess(op) && !onTable(op) }
	return slices.DeleteFunc(slices.Clone(checks), cached), slices.DeleteFunc(slices.Clone(writes), cached)
}

// inProcess reports whether op keeps data in the process's memory: a
// map, a sync.Map, an in-process cache library, or a helper whose every
// operation does (Summary.InProcess).
func inProcess(op *Op) bool {
	if inMemory(op) || op.Summary != nil && op.Summary.InProcess {
		return true
	}
	return op.Summary == nil && op.Callee != nil && op.Callee.Pkg() != nil && apis.IsProcessMemory(op.Callee.Pkg().Path())
}

// commonHandle finds the parameter all operations run on, or failing
// that the handle kind they share.
func commonHandle(fn *ssa.Function, ops []*Op) (int, apis.HandleKind) {
	param, kind := -2, apis.HandleUnknown
	for i, op := range ops {
		idx := paramIndex(fn, op.Handle.Path)
		if i == 0 {
			param, kind = idx, op.Handle.Kind
			continue
		}
		if idx != param {
			param = -1
		}
		if op.Handle.Kind != kind {
			kind = apis.HandleUnknown
		}
	}
	if param < 0 {
		for _, op := range ops {
			if !fromOutside(fn, op.Handle.Path.Base) {
				// A transaction the body opens itself (tx, err :=
				// store.BeginTX(ctx)) is no handle of the caller's, not
				// even when the body is a method of the caller's value.
				return -1, apis.HandleUnknown
			}
		}
		return -1, kind
	}
	return param, kind
}

// fromOutside reports whether a handle reaches fn from its caller or its
// package: a parameter of fn or of a function fn is nested in (the
// receiver too), a variable such a function captured, a package-level
// variable. The parameter of a closure fn makes is not: whoever calls the
// closure supplies it (a writer helper's Do(db, nil, func(txn *sql.Tx)
// error) hands it a transaction of its own making).
func fromOutside(fn *ssa.Function, base ssa.Value) bool {
	switch b := base.(type) {
	case *ssa.Global:
		return true
	case *ssa.Parameter:
		return enclosing(b.Parent(), fn)
	case *ssa.FreeVar:
		if enclosing(b.Parent(), fn) {
			return true
		}
		if bound := binding(b); bound != nil {
			return fromOutside(fn, bound)
		}
	}
	return false
}

// enclosing reports whether outer is fn or a function fn is nested in.
func enclosing(outer, fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		if f == outer {
			return true
		}
	}
	return false
}

// paramIndex returns the index of the parameter p is rooted at, with no
// field selected, or -1.
func paramIndex(fn *ssa.Function, p Path) int {
	if p.Fields != "" {
		return -1
	}
	return paramOf(fn, p.Base)
}

// paramOf returns the index of parameter v of fn, receiver excluded, or
// -1 when v is the receiver or no parameter of fn.
func paramOf(fn *ssa.Function, v ssa.Value) int {
	first := 0
	if fn.Signature.Recv() != nil {
		first = 1 // fn.Params holds the receiver first
	}
	for i, q := range fn.Params[first:] {
		if q == v {
			return i
		}
	}
	return -1
}

// keyParam finds the parameter the operations' key comes from: the key
// argument of a store call, or a string parameter of a claim wrapper,
// with the template the body builds the key by when it is no parameter
// itself ("idem:"+key, a callee's own template around it).
func keyParam(fn *ssa.Function, ops []*Op) (int, string) {
	for _, op := range ops {
		if op.Resource.Key == nil {
			continue
		}
		if idx := paramIndex(fn, rootPath(op.Resource.Key)); idx >= 0 {
			return idx, op.Resource.KeyForm
		}
	}
	for _, op := range ops {
		if op.Resource.Key == nil {
			continue
		}
		for i := range len(fn.Params) {
			form, ok := keyTemplate(op.Resource.Key, func(v ssa.Value) bool { return paramIndex(fn, rootPath(v)) == i })
			if !ok {
				continue
			}
			if op.Resource.KeyForm != "" { // a callee's template around this one
				form = strings.ReplaceAll(op.Resource.KeyForm, keyHole, form)
			}
			return i, form
		}
	}
	return -1, ""
}

// keyStore locates the store of the operations' keys on fn's receiver
// (see Summary.KeyStore), or "".
func keyStore(fn *ssa.Function, ops []*Op) string {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return ""
	}
	for _, op := range ops {
		if c := op.Resource.Container; op.Resource.Key != nil && c.Valid() && c.Base == fn.Params[0] {
			return "@" + c.Fields
		}
	}
	// A pipeline the body opens on the receiver's redis client (its
	// TxPipelined callback's pipe) writes to that client's store.
	for _, op := range ops {
		if op.Resource.Key != nil && isRedisPath(op.Resource.Container) {
			if i := redisField(fn.Params[0].Type()); i >= 0 {
				return fmt.Sprintf("@.%d", i)
			}
		}
	}
	return ""
}

// redisField returns the index of the field of a store struct that holds
// its redis client (a type of a redis package that sends commands: Do,
// or TxPipeline), or -1 when it has not exactly one.
func redisField(recv types.Type) int {
	st, ok := ssautil.DerefStruct(recv)
	if !ok {
		return -1
	}
	found := -1
	for i := range st.NumFields() {
		t := st.Field(i).Type()
		if isRedisType(t) && (ssautil.HasMethod(t, "Do") || ssautil.HasMethod(t, "TxPipeline")) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// txFuncParam returns the index of a func parameter that fn calls with a
// transaction handle it opened, or -1.
func txFuncParam(fn *ssa.Function, ops []*Op) int {
	if i := passedTxFunc(fn, ops); i >= 0 {
		return i
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := call.Common()
			p, ok := c.Value.(*ssa.Parameter)
			if !ok || c.IsInvoke() {
				continue
			}
			for _, a := range c.Args {
				if kindOfType(a.Type()) == apis.HandleTx || isBeginResult(a) {
					if i := paramOf(fn, p); i >= 0 {
						return i
					}
				}
			}
		}
	}
	return -1
}

// passedTxFunc returns the index of a func parameter fn hands on to a
// call that begins a transaction (func (p *persister) Transaction(fn
// func(*pop.Connection) error) error { return p.DB.Transaction(fn) }), or
// -1: the runner calls it with the transaction, so fn is a runner too.
func passedTxFunc(fn *ssa.Function, ops []*Op) int {
	for _, op := range ops {
		c := op.Call()
		if op.Fn != fn || op.Kind != apis.Begin || c == nil {
			continue
		}
		for _, a := range c.Args {
			p, ok := a.(*ssa.Parameter)
			if _, isFunc := a.Type().Underlying().(*types.Signature); !ok || !isFunc {
				continue
			}
			if i := paramOf(fn, p); i >= 0 {
				return i
			}
		}
	}
	return -1
}

func isBeginResult(v ssa.Value) bool {
	c, f := producedBy(v)
	return f != nil && receiver(&c.Call) != nil && opensTransaction(f.Name())
}

// summarizable reports whether functions of a package may be summarized:
// not the standard library and not the libraries the tables describe,
// whose internals (a sync.Map cache inside database/sql) say nothing
// about what their API means to a caller. Standard packages export no
// facts, so callers need not check.
func (m *modeler) summarizable() bool {
	for p := m.pass.Pkg.Path(); p != "." && p != "/"; p = path.Dir(p) {
		if apis.KnownPackage(p) {
			return false
		}
	}
	for _, f := range m.pass.Files {
		if m.inGOROOT(f.FileStart) {
			return false
		}
	}
	return true
}

// inGOROOT reports whether pos lies in the standard library's source.
func (m *modeler) inGOROOT(pos token.Pos) bool { return passutil.InStandardLibrary(m.pass.Fset, pos) }

// exportFacts publishes the summaries of this package's functions.
func (m *modeler) exportFacts() {
	m.exportInterfaceSummaries()
	for obj, s := range m.local {
		passutil.ExportObjectFact(m.pass, obj, s)
	}
}

// WinnerNotInError reports whether a conditional insert tells the caller
// it lost other than through its error: a direct INSERT ... ON CONFLICT DO
// NOTHING without RETURNING (rows affected) or a redis SETNX (the bool).
// Its error says only that the statement failed; a branch on the error
// alone does not pick the winner. A RETURNING insert reports the loser as
// ErrNoRows and a wrapper may map it to an error, so there any result
// counts.
func WinnerNotInError(op *Op) bool {
	if op.Summary != nil {
		return false
	}
	if op.Callee != nil && op.Callee.Pkg() != nil && apis.IsRedis(op.Callee.Pkg().Path()) &&
		(op.Callee.Name() == "SetNX" || op.Callee.Name() == "HSetNX") {
		return true
	}
	if op.Callee != nil && op.Callee.Pkg() != nil && apis.IsDynamoDB(op.Callee.Pkg().Path()) {
		return false // a failed condition is an error: ConditionalCheckFailedException
	}
	return op.Kind == apis.CondInsert && (op.SQL == nil || !op.SQL.Returning)
}

// namedForLoading reports whether a function's name says it loads
// something (getOwner, loadAttributes, fetchUser): its error says the row
// was missing, the opposite of a validator's ErrUserExists.
func namedForLoading(name string) bool {
	n := strings.ToLower(name)
	for _, p := range []string{"get", "load", "fetch", "find", "read", "lookup", "populate"} {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// namedForState reports whether a function's name says it tests a state
// (CheckIsArchived, ensureNotLocked): its error says a row is in that
// state, often another row than the one its caller inserts (the parent
// project), not that the caller's row already exists.
func namedForState(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"archived", "locked", "disabled", "expired", "banned", "blocked", "readonly", "permission"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// returnsOnlyVerdict reports whether fn's only result is an error (the
// error interface or a type implementing it) or a string, a message.
func returnsOnlyVerdict(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	if res.Len() != 1 {
		return false
	}
	if b, ok := res.At(0).Type().Underlying().(*types.Basic); ok {
		return b.Info()&types.IsString != 0
	}
	errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	return types.Implements(res.At(0).Type(), errIface)
}

// commonRepo returns the repository interface every op of data goes
// through, or nil.
func commonRepo(data []*Op) types.Type {
	var repo types.Type
	for _, op := range data {
		if op.Resource.Repo == nil || repo != nil && !types.Identical(repo, op.Resource.Repo) {
			return nil
		}
		repo = op.Resource.Repo
	}
	return repo
}
