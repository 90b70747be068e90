package checkthenact

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// absentBranches returns the blocks entered only when the check op found
// nothing: the successor of each branch on the check's outcome that
// selects "absent", when that successor has no other way in.
//
// The outcome is followed from the check's results through the shapes real
// code uses: a found bool (ok, exists), a count compared with zero, the
// error of a read compared with nil or matched against a not-found
// sentinel (sql.ErrNoRows, gorm.ErrRecordNotFound, redis.Nil,
// mongo.ErrNoDocuments), rows affected, a nil result of a repository
// lookup, and a nil or empty map or slice a store's result holds (DynamoDB
// out.Item == nil, len(out.Items) == 0, etcd len(resp.Kvs) == 0).
func absentBranches(op *dataaccess.Op) []*ssa.BasicBlock {
	var blocks []*ssa.BasicBlock
	for _, s := range presenceSplits(op) {
		blocks = append(blocks, s.absent)
	}
	return blocks
}

// presentBranches returns the blocks the check's outcome leads to when
// it found the record, at the same tests as absentBranches.
func presentBranches(op *dataaccess.Op) []*ssa.BasicBlock {
	var blocks []*ssa.BasicBlock
	for _, s := range presenceSplits(op) {
		if !s.afterFallback {
			blocks = append(blocks, s.present)
		}
	}
	return blocks
}

// presenceSplit is a test of the check's outcome whose absent successor
// runs only after it. afterFallback: the test is of a value merged with a
// fallback lookup's (see fromFallbacks), whose "present" may be the
// fallback's find rather than the check's.
type presenceSplit struct {
	absent, present *ssa.BasicBlock
	afterFallback   bool
}

func presenceSplits(op *dataaccess.Op) []presenceSplit {
	o := &outcomes{check: op.Instr, kind: op.Kind, errWhenPresent: op.Summary != nil && op.Summary.ErrWhenPresent || claimFailsWhenPresent(op), helper: op.Summary != nil,
		storeList:   op.Summary == nil && op.Callee != nil && passutil.IsInterfaceMethod(op.Callee),
		ownerLookup: op.Kind == apis.Read && op.Callee != nil && apis.IsOwnerLookupName(op.Callee.Name())}
	switch instr := op.Instr.(type) {
	case *ssa.Lookup:
		o.fromValue(instr, 0)
	case *ssa.Call:
		o.fromValue(instr, 0)
		for _, collect := range collectedRows(instr) {
			o.fromValue(collect, 0)
		}
		if op.Kind == apis.Exists {
			// gorm Count(&n), Scan(&exists) style out-parameters.
			o.fromOutParams(instr.Call.Args, 0)
		}
		// A helper around xorm's Get(&u) (an existence check that fills
		// the record) that returns the record, zero when absent, is read
		// by its fields too.
		if op.Kind == apis.Read || op.Summary != nil && op.Summary.ZeroWhenAbsent {
			o.fromRecordKeys(op)
			o.fromSliceFills(op)
		}
		o.fromRowsLoops(instr)
	}
	o.fromFallbacks()
	return o.splits()
}

// splits returns the branches on the outcomes found whose absent
// successor is entered only through that test.
func (o *outcomes) splits() []presenceSplit {
	splits := slices.Clone(o.scans)
	for _, b := range o.bools {
		for _, ref := range *b.v.Referrers() {
			ifi, ok := ref.(*ssa.If)
			if !ok || ifi.Cond != b.v {
				continue
			}
			absent, present := ifi.Block().Succs[1], ifi.Block().Succs[0]
			if b.absentWhenTrue {
				absent, present = present, absent
			}
			if onlyAfterTest(o.check, ifi.Block(), absent, present) {
				splits = append(splits, presenceSplit{absent: absent, present: present, afterFallback: b.afterFallback})
			}
		}
	}
	return splits
}

// claimFailsWhenPresent reports whether op is an in-process claim whose
// only result is an error, returned when the key is already there
// (go-cache's Add): its nil error is the "new" branch.
func claimFailsWhenPresent(op *dataaccess.Op) bool {
	if op.Kind != apis.CondInsert || op.Resource.Key == nil || op.Callee == nil || op.Callee.Pkg() == nil || !apis.IsProcessMemory(op.Callee.Pkg().Path()) {
		return false
	}
	res := op.Callee.Signature().Results()
	return res.Len() == 1 && res.At(0).Type().String() == "error"
}

// onlyAfterTest reports whether the absent successor of the test in
// block from is entered only through that test: its one way in, or the
// other ways are further conditions on the present path (`if found &&
// fresh`, whose else the absent caller always takes; `if !found ||
// stale`), or paths on which the check never ran (`if email != "" {
// check }` then the insert: the callers that give an e-mail race), but
// not a loop's first entry, when the absent branch leads back to the
// check (`if !has { continue }` comes round to the present path). A
// block the present path reaches unconditionally (the join after `if
// found { log() }`) runs whatever the check found, and so may one the
// check reaches by another test of its outcome (err == nil beside
// errors.Is(err, sql.ErrNoRows)).
func onlyAfterTest(check ssa.Instruction, from, absent, present *ssa.BasicBlock) bool {
	if len(absent.Preds) == 1 {
		return true
	}
	if absent == present || len(present.Preds) != 1 {
		return false
	}
	for _, p := range absent.Preds {
		if p == from {
			continue
		}
		last := p.Instrs[len(p.Instrs)-1]
		if _, isIf := last.(*ssa.If); isIf && present.Dominates(p) {
			continue
		}
		if ssautil.Reachable(check, last) || ssautil.Reachable(absent.Instrs[0], check) {
			return false // the check's own paths, or a loop that comes back to it
		}
	}
	return true
}

// meaning is what a value derived from a check says about presence.
type meaning int

const (
	foundFlag  meaning = iota // bool, true when present
	absentFlag                // bool, true when absent (gorm v1's RecordNotFound())
	countOf                   // integer, > 0 when present
	readErr                   // error of a read, nil when present
	resultPtr                 // pointer result of a read, nil when absent
	recordKey                 // key field of the record a read filled, zero when absent
	presentErr                // error or message of a validator, non-nil or non-empty when present
	found                     // map or slice of what was found, nil or empty when absent
	// probeErr is the error of an existence probe: only a not-found
	// sentinel says absent (SELECT 1 ... WHERE ends in ErrNoRows); a
	// non-nil error of SELECT EXISTS or count(*) is a failure.
	probeErr
	// statusCode is the gRPC or Connect code of a read's error
	// (status.Code(err), connect.CodeOf(err)): NotFound when absent.
	statusCode
)

// boolSig is a bool value that decides presence.
type boolSig struct {
	v              ssa.Value
	absentWhenTrue bool
	afterFallback  bool
}

type outcomes struct {
	// check is the read whose outcome is followed.
	check ssa.Instruction
	kind  apis.Kind
	// errWhenPresent: the check's error or message says the row is there.
	errWhenPresent bool
	// helper: the check is a call of the module's own code, whose result
	// names say what its bools mean.
	helper bool
	// storeList: the check is a call through one of the module's
	// interfaces (ListForSlot(ctx, dock, slot) ([]Booking, error)): a
	// list it returns holds the rows found, as a helper's does.
	storeList bool
	// ownerLookup: the check asks who holds a name (GetRoomIDForAlias)
	// and answers with an id, "" when nobody does.
	ownerLookup bool
	bools       []boolSig
	// scans are the ends of loops looking through a list that a failed
	// read reaches too (see fromScans).
	scans []presenceSplit
	seen  map[ssa.Value]bool
	// merges are the phis an outcome flows into, for fromFallbacks;
	// afterFallback is set while following one.
	merges        []merge
	afterFallback bool
}

// merge is an outcome value v of meaning m flowing into phi.
type merge struct {
	phi   *ssa.Phi
	v     ssa.Value
	m     meaning
	depth int
}

const maxDepth = 6

// fromValue follows a value derived from the check's result.
func (o *outcomes) fromValue(v ssa.Value, depth int) {
	if depth > maxDepth || o.visited(v) {
		return
	}
	switch t := v.Type().Underlying().(type) {
	case *types.Tuple:
		list := o.listResult(t)
		for _, ref := range *v.Referrers() {
			e, ok := ref.(*ssa.Extract)
			if !ok {
				continue
			}
			// A list any read returns (a repository's, through an
			// interface) is looked through for an entry (see fromScans).
			if isSliceResult(t, e.Index) && o.kind == apis.Read {
				o.fromScans(e)
			}
			if isSliceResult(t, 0) && e.Index == 1 {
				continue // a list read's error is a failure, not absence
			}
			if list >= 0 {
				// A list read (notifications, err := ListFor(user)) finds
				// nothing with an empty list; its error is a failure.
				if e.Index == list {
					o.fromMeaning(e, found, depth+1)
				}
				continue
			}
			switch name := o.boolResultName(t, e.Index); {
			case name == "", namesPresence(name), namesNothing(name):
				o.fromValue(e, depth+1)
			case nameSaysAbsent(name) || strings.Contains(name, "missing") || strings.Contains(name, "absent"):
				o.fromMeaning(e, absentFlag, depth+1)
			}
			// A bool named for anything else (admin, changed) says
			// nothing about presence.
		}
		if call, ok := v.(*ssa.Call); ok {
			for _, conv := range dataaccess.ReplyConversions(call) {
				o.fromValue(conv, depth+1)
			}
		}
		return
	case *types.Map:
		// A hash read whole (HGETALL) answers an empty map when nothing is
		// stored: its length counts what was found.
		if o.kind == apis.Read {
			for _, ref := range *v.Referrers() {
				if n, ok := ref.(*ssa.Call); ok && isLen(n, v) {
					o.fromMeaning(n, countOf, depth)
				}
			}
		}
		return
	case *types.Basic:
		switch {
		case t.Info()&types.IsString != 0 && o.errWhenPresent:
			o.fromMeaning(v, presentErr, depth) // a message, "" when absent
		case t.Info()&types.IsString != 0 && o.ownerLookup:
			o.fromMeaning(v, recordKey, depth) // the holder's id, "" when none
		case t.Info()&types.IsBoolean != 0 && namesAbsence(v):
			o.fromMeaning(v, absentFlag, depth)
		case t.Info()&types.IsBoolean != 0:
			o.fromMeaning(v, foundFlag, depth)
		case t.Info()&types.IsInteger != 0 && o.kind == apis.Exists:
			o.fromMeaning(v, countOf, depth)
		}
		return
	}
	if o.errWhenPresent && implementsError(v.Type()) {
		o.fromMeaning(v, presentErr, depth)
		return
	}
	if ssautil.IsError(v.Type()) {
		switch o.kind {
		case apis.Read:
			o.fromMeaning(v, readErr, depth)
		case apis.Exists:
			o.fromMeaning(v, probeErr, depth)
		}
		return
	}
	if _, isPtr := v.Type().Underlying().(*types.Pointer); isPtr && !isLibraryType(v.Type()) && (o.kind == apis.Read || o.helper && isRecordType(v.Type())) {
		// A helper that probes (a DynamoDB GetItem, a count) and hands
		// back the record it found, nil when none, says absent by nil
		// too.
		o.fromMeaning(v, resultPtr, depth)
	}
	// A helper's read that returns the stored bytes (a cached response
	// read from redis) returns nil when nothing is stored.
	if o.helper && o.kind == apis.Read && ssautil.IsBytes(v.Type()) {
		o.fromMeaning(v, found, depth)
	}
	// A library result (sql.Row, *gorm.DB, *redis.IntCmd): follow its
	// accessors (Scan, Val, Result, Err) and fields (Error, RowsAffected).
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Call:
			if isIteration(&ref.Call) {
				continue // rows.Next() == false ends a loop; it says nothing about absence
			}
			if ref.Call.IsInvoke() && ref.Call.Value == v || !ref.Call.IsInvoke() && len(ref.Call.Args) > 0 && ref.Call.Args[0] == v && ref.Call.Signature().Recv() != nil {
				if recordPredicate(v, ref) {
					continue // room.IsStub(), u.IsActive(): a state of the row found, not whether one was
				}
				o.fromValue(ref, depth+1)
				if o.kind == apis.Exists {
					o.fromOutParams(ref.Call.Args, depth+1)
				}
			}
		case *ssa.FieldAddr:
			o.fromField(ref, v, depth)
		case *ssa.Field:
			o.fromField(ref, v, depth)
		case *ssa.Store:
			o.fromSpilledRecord(ref, v, depth)
		}
	}
}

// fromSpilledRecord follows a record returned by value into the local
// variable it is stored in (page := findPage(id), kept in memory because
// &page is taken for a Save later): each load of the variable is the
// record, so page.IsEmpty() on a load says whether one was found.
func (o *outcomes) fromSpilledRecord(st *ssa.Store, v ssa.Value, depth int) {
	local, ok := st.Addr.(*ssa.Alloc)
	if !ok || st.Val != v || !isRecordType(v.Type()) || isPointer(v.Type()) {
		return
	}
	for _, ref := range *local.Referrers() {
		if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL && load.X == local {
			o.fromValue(load, depth+1)
		}
	}
}

// recordPredicate reports whether call is a boolean method of a record
// the module defines (not a library's result) whose name says nothing of
// presence: room.IsStub() or u.IsActive() tests a row the read found.
// Exists(), Found(), IsZero() and IsEmpty() still say whether one was.
func recordPredicate(recv ssa.Value, call *ssa.Call) bool {
	if !isRecordType(recv.Type()) {
		return false
	}
	b, ok := call.Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsBoolean == 0 {
		return false
	}
	var name string
	switch f := call.Call.StaticCallee(); {
	case call.Call.IsInvoke():
		name = call.Call.Method.Name()
	case f != nil:
		name = f.Name()
	default:
		return false
	}
	lower := strings.ToLower(name)
	return !namesPresence(lower) && !nameSaysAbsent(name) && !strings.Contains(lower, "zero") &&
		!strings.Contains(lower, "empty") && !strings.Contains(lower, "nil")
}

// listResult returns the index of the slice a helper's read returns
// beside an error, its only results ([]*T, error), or -1.
// isSliceResult reports whether result i of a (list, error) result is
// the list.
func isSliceResult(t *types.Tuple, i int) bool {
	if t.Len() != 2 || i != 0 || !ssautil.IsError(t.At(1).Type()) || ssautil.IsBytes(t.At(0).Type()) {
		return false
	}
	_, ok := t.At(0).Type().Underlying().(*types.Slice)
	return ok
}

func (o *outcomes) listResult(t *types.Tuple) int {
	if !o.helper && !o.storeList || o.kind != apis.Read || !isSliceResult(t, 0) {
		return -1
	}
	return 0
}

// boolResultName returns the lower-cased name of result i of a helper
// of the module, when that result is a named bool: (u User, has bool, err
// error). It is "" for any other result and for a library's results.
func (o *outcomes) boolResultName(t *types.Tuple, i int) string {
	b, ok := t.At(i).Type().Underlying().(*types.Basic)
	if !o.helper || !ok || b.Info()&types.IsBoolean == 0 || t.At(i).Name() == "_" {
		return ""
	}
	return strings.ToLower(t.At(i).Name())
}

// namesPresence reports whether a bool's name says the row was found:
// has, exists, found, ok, present.
func namesPresence(name string) bool {
	return name == "ok" || strings.Contains(name, "has") || strings.Contains(name, "exist") ||
		strings.Contains(name, "found") && !strings.Contains(name, "notfound") || strings.Contains(name, "present")
}

// namesNothing reports whether a bool's name only says it is the answer
// (isFavorite's (is bool, err error), res, result): the answer to the
// question the check's name asks.
func namesNothing(name string) bool {
	switch name {
	case "is", "b", "res", "result", "ret", "answer":
		return true
	}
	return false
}

// fromEmbedded follows a library result's embedded struct, whose
// promoted methods read the outcome (go-redis's cmd.Err() is baseCmd's).
func (o *outcomes) fromEmbedded(ref, base ssa.Value, idx int, depth int) {
	st, ok := ssautil.DerefStruct(base.Type())
	if ok && idx < st.NumFields() && st.Field(idx).Embedded() && isLibraryType(base.Type()) {
		o.fromValue(ref, depth+1)
	}
}

// fromRecordKeys follows the key fields of the record a read fills or
// returns: with the read's ErrNoRows swallowed, tag.ID == 0 is how the
// code learns the row is absent, and so is the whole record compared
// with its zero value (u == User{}). From a helper that returns the zero
// record when the row is missing (Summary.ZeroWhenAbsent), the field it
// looked the row up by says so too (u.Name == "" after
// userByName(name)), and so does a field naming the row to people
// (m.Name == "" after ByExternalID(id)); any other field of a found row
// may well be empty.
func (o *outcomes) fromRecordKeys(op *dataaccess.Op) {
	lookup := lookupFields(op)
	for _, rec := range recordValues(op) {
		for _, key := range fieldValues(rec, isRecordKey) {
			o.fromMeaning(key, recordKey, 1)
		}
		for _, inner := range fieldValues(rec, isEnvelopedRecord) {
			o.fromMeaning(inner, resultPtr, 1)
			for _, key := range fieldValues(inner, isRecordKey) {
				o.fromMeaning(key, recordKey, 1)
			}
		}
		for _, whole := range wholeRecordValues(rec) {
			o.fromMeaning(whole, recordKey, 1)
		}
		// A stored row always has its creation time: a zero CreatedAt
		// is the zero record a read returns when it finds nothing.
		for _, created := range fieldValues(rec, isCreationTime) {
			o.fromMeaning(created, recordKey, 1)
		}
		// A nil-safe getter of the key or of what names the row
		// (u.GetName(), s.GetID(), as protobuf and API types have them)
		// answers zero for the nil record a read returns when it finds
		// nothing.
		for _, key := range getterValues(rec, func(t types.Type, i int) bool {
			return isRecordKey(t, i) || isIdentityField(ssautil.FieldName(t, i))
		}) {
			o.fromMeaning(key, recordKey, 1)
		}
		if len(lookup) == 0 {
			continue
		}
		byLookup := func(t types.Type, i int) bool {
			name := ssautil.FieldName(t, i)
			return lookup[strings.ToLower(name)] || isIdentityField(name)
		}
		for _, f := range fieldValues(rec, byLookup) {
			o.fromMeaning(f, recordKey, 1)
		}
	}
}

// isEnvelopedRecord reports whether field i of t is the one record an
// envelope carries: an RPC or API response with no key of its own and
// one pointer to a record (GetUserAuthResp{UserAuth *UserAuth}), nil or
// zero-keyed when the lookup found nothing. A record's pointer to
// another (u.Profile) is no envelope: u has a key.
func isEnvelopedRecord(t types.Type, i int) bool {
	st, ok := ssautil.DerefStruct(t)
	if !ok || i >= st.NumFields() {
		return false
	}
	records := 0
	for j := range st.NumFields() {
		if isRecordKey(t, j) {
			return false
		}
		if f := st.Field(j).Type(); isPointer(f) && isRecordType(f) {
			records++
		}
	}
	f := st.Field(i).Type()
	return records == 1 && isPointer(f) && isRecordType(f)
}

// wholeRecordValues returns the record itself where a value of it is at
// hand: the struct result, or the loads of the variable it was kept in.
func wholeRecordValues(rec ssa.Value) []ssa.Value {
	if _, isPtr := rec.Type().Underlying().(*types.Pointer); !isPtr {
		return []ssa.Value{rec}
	}
	if _, ok := rec.(*ssa.Alloc); ok {
		return ssautil.LoadsOf(rec)
	}
	return nil
}

// isIdentityField reports whether a record's field names what identifies
// the row to people (its name, e-mail, username, slug): a column a found
// row always has filled, so that a helper's zero record is the one with
// it empty (m.Name != "" after ByExternalID).
func isIdentityField(name string) bool {
	switch name {
	case "Name", "Email", "Username", "UserName", "Login", "Slug", "Handle":
		return true
	}
	return false
}

// lookupFields returns the lower-cased names of the fields a helper that
// returns the zero record on absence looked the row up by: its scalar
// parameters (userByName(db, name)) and what its name says follows By
// (GetUserByEmail). Empty for any other read.
func lookupFields(op *dataaccess.Op) map[string]bool {
	if op.Callee == nil || !(op.Summary != nil && op.Summary.ZeroWhenAbsent || op.Summary == nil && returnsRecordByValue(op)) {
		return nil
	}
	names := map[string]bool{}
	if name := op.Callee.Name(); strings.LastIndex(name, "By") >= 0 {
		by := name[strings.LastIndex(name, "By")+2:]
		if by != "" && unicode.IsUpper(rune(by[0])) { // ByName, not Bytes
			names[strings.ToLower(by)] = true
		}
	}
	params := op.Callee.Signature().Params()
	for i := 0; i < params.Len(); i++ {
		if b, ok := params.At(i).Type().Underlying().(*types.Basic); ok && b.Info()&(types.IsString|types.IsInteger) != 0 && params.At(i).Name() != "" {
			names[strings.ToLower(params.At(i).Name())] = true
		}
	}
	return names
}

// returnsRecordByValue reports whether op is a read through an interface
// whose implementation is out of sight that returns a record by value
// and an error, ProfileByUserID(ctx, id) (Profile, error): it has no nil
// to say "absent" with, and a caller's test of the field it looked the
// row up by (p.UserID != 0) is its test of absence.
func returnsRecordByValue(op *dataaccess.Op) bool {
	call := op.Call()
	if call == nil || !call.IsInvoke() || op.Kind != apis.Read {
		return false
	}
	res := op.Callee.Type().(*types.Signature).Results()
	if res.Len() != 2 || !ssautil.IsError(res.At(1).Type()) {
		return false
	}
	_, isPointer := res.At(0).Type().Underlying().(*types.Pointer)
	return !isPointer && isRecordType(res.At(0).Type())
}

// fromSliceFills follows the slices a read fills (sqlx Select(&rows,
// ...), gorm Find(&rows)): their length counts the rows found.
func (o *outcomes) fromSliceFills(op *dataaccess.Op) {
	for _, rec := range recordValues(op) {
		alloc, ok := rec.(*ssa.Alloc)
		if !ok {
			continue
		}
		if _, isSlice := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Slice); !isSlice {
			continue
		}
		o.fromScans(alloc)
		for _, n := range lensOf(alloc) {
			o.fromMeaning(n, countOf, 1)
		}
	}
}

// fieldValues returns the loads of the fields of a record that want
// selects (isRecordKey: ID, *ID, *Key).
func fieldValues(rec ssa.Value, want func(t types.Type, i int) bool) []ssa.Value {
	var out []ssa.Value
	if fa, ok := rec.(*ssa.FieldAddr); ok {
		// Scan(&tag.ID): every load of that field of tag.
		if !want(fa.X.Type(), fa.Field) {
			return nil
		}
		base, ok := fa.X.(*ssa.Alloc)
		if !ok {
			return ssautil.LoadsOf(fa)
		}
		for _, ref := range *base.Referrers() {
			if other, ok := ref.(*ssa.FieldAddr); ok && other.Field == fa.Field {
				out = append(out, ssautil.LoadsOf(other)...)
			}
		}
		return out
	}
	return append(out, promotedFieldValues(rec, want, 0)...)
}

// getterValues returns the calls of rec's getters (GetID, GetName) of
// the fields want accepts.
func getterValues(rec ssa.Value, want func(t types.Type, i int) bool) []ssa.Value {
	recs := []ssa.Value{rec}
	if _, ok := rec.(*ssa.Alloc); ok {
		recs = ssautil.LoadsOf(rec)
	}
	var out []ssa.Value
	for _, r := range recs {
		for _, ref := range *r.Referrers() {
			if call, ok := ref.(*ssa.Call); ok {
				if recv, field, ok := dataaccess.GetterField(call); ok && recv == r && want(r.Type(), field) {
					out = append(out, call)
				}
			}
		}
	}
	return out
}

// promotedFieldValues returns the loads of rec's fields that want
// accepts, also of the fields a struct it embeds promotes (find.ID of a
// Cart that embeds Base{ID}).
func promotedFieldValues(rec ssa.Value, want func(t types.Type, i int) bool, depth int) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *rec.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			switch {
			case want(ref.X.Type(), ref.Field):
				out = append(out, ssautil.LoadsOf(ref)...)
			case depth < 2 && embedded(ref.X.Type(), ref.Field):
				out = append(out, promotedFieldValues(ref, want, depth+1)...)
			}
		case *ssa.Field:
			switch {
			case want(ref.X.Type(), ref.Field):
				out = append(out, ref)
			case depth < 2 && embedded(ref.X.Type(), ref.Field):
				out = append(out, promotedFieldValues(ref, want, depth+1)...)
			}
		}
	}
	return out
}

// embedded reports whether field i of the struct t (or a pointer to it)
// is an embedded struct.
func embedded(t types.Type, i int) bool {
	st, ok := ssautil.DerefStruct(t)
	if !ok || i >= st.NumFields() || !st.Field(i).Embedded() {
		return false
	}
	_, isStruct := ssautil.DerefStruct(st.Field(i).Type())
	return isStruct
}

// isRecordKey reports whether field i of the record type t (or a pointer
// to it) identifies the record, so that its zero value means no row was
// read: ID, UUID or Key; the type's name and ID (Tag.TagID); or a first
// field named for an identifier (Settings.UserID). Other fields named for
// keys are attributes: a session's RefreshTokenHmacKey is nil in a row
// that exists.
func isRecordKey(t types.Type, i int) bool {
	st, ok := ssautil.DerefStruct(t)
	if !ok || i >= st.NumFields() {
		return false
	}
	name := st.Field(i).Name()
	switch name {
	case "ID", "Id", "UUID", "Uuid", "Key":
		return true
	}
	if n := ssautil.NamedOf(t); n != nil {
		for _, suffix := range []string{"ID", "Id", "Key"} {
			if name == n.Obj().Name()+suffix {
				return true
			}
		}
	}
	return i == 0 && isKeyField(name)
}

// isCreationTime reports whether field i of t is the row's creation time
// (CreatedAt, CreateTime, CreatedOn), a time.Time.
func isCreationTime(t types.Type, i int) bool {
	st, ok := ssautil.DerefStruct(t)
	if !ok || i >= st.NumFields() || !ssautil.IsTime(st.Field(i).Type()) {
		return false
	}
	switch st.Field(i).Name() {
	case "CreatedAt", "CreateAt", "CreateTime", "CreatedTime", "CreatedOn", "Created", "InsertedAt":
		return true
	}
	return false
}

// isTimeIsZero reports whether call is t.IsZero() of the time.Time v.
func isTimeIsZero(call *ssa.Call, v ssa.Value) bool {
	f := call.Call.StaticCallee()
	return f != nil && f.Name() == "IsZero" && len(call.Call.Args) == 1 && call.Call.Args[0] == v && ssautil.IsTime(v.Type())
}

func implementsError(t types.Type) bool {
	return types.Implements(t, types.Universe.Lookup("error").Type().Underlying().(*types.Interface))
}

func isZeroConst(k *ssa.Const) bool {
	if k.Value == nil {
		return true
	}
	switch k.Value.Kind() {
	case constant.Int:
		return constant.Sign(k.Value) == 0
	case constant.String:
		return constant.StringVal(k.Value) == ""
	}
	return false
}

// isIteration reports whether c advances or ends an iteration over result
// rows (Next, NextResultSet, Close) rather than reading the outcome.
func isIteration(c *ssa.CallCommon) bool {
	var name string
	if c.IsInvoke() {
		name = c.Method.Name()
	} else if f := c.StaticCallee(); f != nil {
		name = f.Name()
	}
	return name == "Next" || name == "NextResultSet" || name == "Close"
}

// fromField follows the result fields of a library: gorm's Error is the
// read's error and RowsAffected counts the rows found; the results of
// document and key-value stores hold what was found in a map or slice
// (DynamoDB's Item and Items, etcd's Kvs), nil or empty when nothing was,
// and its Count.
func (o *outcomes) fromField(ref ssa.Value, base ssa.Value, depth int) {
	var idx int
	switch f := ref.(type) {
	case *ssa.FieldAddr:
		idx = f.Field
	case *ssa.Field:
		idx = f.Field
	}
	st, ok := ssautil.DerefStruct(base.Type())
	if !ok || idx >= st.NumFields() {
		return
	}
	o.fromEmbedded(ref, base, idx, depth)
	loads := []ssa.Value{ref}
	if _, isAddr := ref.(*ssa.FieldAddr); isAddr {
		loads = ssautil.LoadsOf(ref)
	}
	library := isLibraryType(base.Type())
	for _, l := range loads {
		switch name := st.Field(idx).Name(); {
		case name == "Error":
			if o.kind == apis.Read {
				o.fromMeaning(l, readErr, depth+1)
			}
		case name == "RowsAffected", library && name == "Count":
			o.fromMeaning(l, countOf, depth+1)
		case library && (name == "Item" || name == "Items" || name == "Kvs"):
			o.fromMeaning(l, found, depth+1)
		}
	}
}

// fromOutParams follows variables the check writes through pointers:
// Scan(&exists), Count(&n).
func (o *outcomes) fromOutParams(args []ssa.Value, depth int) {
	for _, a := range args {
		if elems := dataaccess.VariadicElems(a); elems != nil {
			o.fromOutParams(elems, depth)
			continue
		}
		alloc, ok := dataaccess.Unwrap(a).(*ssa.Alloc)
		if !ok {
			continue
		}
		for _, l := range ssautil.LoadsOf(alloc) {
			o.fromValue(l, depth+1)
		}
	}
}

// fromMeaning turns a value with a known meaning into branch decisions.
func (o *outcomes) fromMeaning(v ssa.Value, m meaning, depth int) {
	switch m {
	case foundFlag:
		o.bools = append(o.bools, o.sig(v, false))
	case absentFlag:
		o.bools = append(o.bools, o.sig(v, true))
	}
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Phi:
			o.merges = append(o.merges, merge{phi: ref, v: v, m: m, depth: depth})
		case *ssa.UnOp:
			if ref.Op == token.NOT && (m == foundFlag || m == absentFlag) {
				o.bools = append(o.bools, o.sig(ref, m == foundFlag))
			}
		case *ssa.BinOp:
			if absent, ok := comparison(ref, v, m); ok {
				o.bools = append(o.bools, o.sig(ref, absent))
			}
		case *ssa.Call:
			if (m == readErr || m == probeErr) && isNotFoundTest(ref, v) {
				o.bools = append(o.bools, o.sig(ref, true))
			}
			if (m == readErr || m == probeErr) && isErrorCause(ref, v) {
				o.fromMeaning(ref, m, depth+1)
			}
			if (m == readErr || m == probeErr) && isStatusCodeOf(ref, v) {
				o.fromMeaning(ref, statusCode, depth+1)
			}
			if m == recordKey && isTimeIsZero(ref, v) {
				o.bools = append(o.bools, o.sig(ref, true)) // u.CreatedAt.IsZero()
			}
			if (m == found || m == recordKey && ssautil.IsString(v.Type())) && isLen(ref, v) {
				o.fromMeaning(ref, countOf, depth+1) // len(items) == 0, len(ownerID) > 0
			}
		}
	}
}

// comparison decides whether cmp (v compared with a constant, nil or a
// not-found sentinel) is true when the resource is absent.
func comparison(cmp *ssa.BinOp, v ssa.Value, m meaning) (absentWhenTrue, ok bool) {
	op, other := cmp.Op, cmp.Y
	if cmp.Y == v {
		op, other = flip(op), cmp.X
	}
	switch m {
	case foundFlag:
		k, isConst := other.(*ssa.Const)
		if !isConst || k.Value == nil || k.Value.Kind() != constant.Bool {
			return false, false
		}
		eqFalse := !constant.BoolVal(k.Value)
		switch op {
		case token.EQL:
			return eqFalse, true
		case token.NEQ:
			return !eqFalse, true
		}
	case countOf:
		k, isConst := other.(*ssa.Const)
		if !isConst || k.Value == nil {
			return false, false
		}
		n, exact := constant.Int64Val(constant.ToInt(k.Value))
		if !exact {
			return false, false
		}
		switch {
		case op == token.EQL && n == 0, op == token.LSS && n == 1, op == token.LEQ && n == 0, op == token.NEQ && n == 1:
			return true, true
		case op == token.NEQ && n == 0, op == token.GTR && n == 0, op == token.GEQ && n == 1, op == token.EQL && n == 1:
			// n == 1 is false for an absent row (and for duplicates): the
			// absent caller takes its else.
			return false, true
		}
	case recordKey:
		if k, isConst := other.(*ssa.Const); isConst && isZeroConst(k) {
			switch op {
			case token.EQL, token.LEQ: // ID == 0, ID <= 0
				return true, true
			case token.NEQ, token.GTR: // ID != 0, ID > 0
				return false, true
			}
		}
	case presentErr:
		if k, isConst := other.(*ssa.Const); isConst && isZeroConst(k) { // nil, or ""
			switch op {
			case token.EQL: // err == nil: nothing stood in the way
				return true, true
			case token.NEQ:
				return false, true
			}
		}
	case found:
		if isNil(other) {
			switch op {
			case token.EQL:
				return true, true
			case token.NEQ:
				return false, true
			}
		}
	case probeErr:
		if dataaccess.IsNotFoundSentinel(other) {
			switch op {
			case token.EQL:
				return true, true
			case token.NEQ:
				return false, true
			}
		}
	case statusCode:
		if k, isConst := other.(*ssa.Const); isConst && dataaccess.IsStatusCode(k, dataaccess.NotFoundCode) {
			switch op {
			case token.EQL:
				return true, true
			case token.NEQ:
				return false, true
			}
		}
	case readErr, resultPtr:
		if isNil(other) {
			switch op {
			case token.EQL: // err == nil: found; p == nil: absent
				return m == resultPtr, true
			case token.NEQ:
				return m == readErr, true
			}
		}
		if m == readErr && dataaccess.IsNotFoundSentinel(other) {
			switch op {
			case token.EQL:
				return true, true
			case token.NEQ:
				return false, true
			}
		}
	}
	return false, false
}

// isLen reports whether call is the builtin len of v.
func isLen(call *ssa.Call, v ssa.Value) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "len" && len(call.Call.Args) == 1 && call.Call.Args[0] == v
}

func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// isStatusCodeOf reports whether call reads the status code of err:
// gRPC's status.Code(err) or Connect's connect.CodeOf(err).
func isStatusCodeOf(call *ssa.Call, err ssa.Value) bool {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || len(call.Call.Args) != 1 || call.Call.Args[0] != err {
		return false
	}
	switch callee.Pkg.Pkg.Path() + "." + callee.Name() {
	case "google.golang.org/grpc/status.Code", "connectrpc.com/connect.CodeOf", "github.com/bufbuild/connect-go.CodeOf":
		return true
	}
	return false
}

// namesAbsence reports whether v is what an accessor of a read's result
// named for absence returns (gorm v1's result.RecordNotFound()), or the
// bool of a check named for it (IsEmailAvailable): true when nothing was
// found.
func namesAbsence(v ssa.Value) bool {
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple // available, err := IsEmailAvailable(ctx, e)
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if f := call.Call.StaticCallee(); f != nil {
		return nameSaysAbsent(f.Name()) || recordSaysEmpty(call, f.Name())
	}
	return call.Call.IsInvoke() && nameSaysAbsent(call.Call.Method.Name())
}

// recordSaysEmpty reports whether call is a method of a record of the
// module named for its being empty (page.IsEmpty(), u.IsZero(),
// r.IsNil()): true when the lookup that returned the record found none.
func recordSaysEmpty(call *ssa.Call, name string) bool {
	if call.Call.Signature().Recv() == nil || len(call.Call.Args) == 0 || !isRecordType(call.Call.Args[0].Type()) {
		return false
	}
	n := strings.ToLower(name)
	return strings.Contains(n, "empty") || strings.Contains(n, "zero") || strings.Contains(n, "isnil")
}

// nameSaysAbsent reports whether a function's name says "nothing found":
// IsNotFound, IsNoRows, RecordNotFound, IsNotExist, and IsEmailAvailable
// (no row has it).
func nameSaysAbsent(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "notfound") || strings.Contains(n, "norows") || strings.Contains(n, "nonexist") ||
		strings.Contains(n, "notexist") || apis.IsAvailabilityTestName(name)
}

// isNotFoundTest reports whether call tests err for absence:
// errors.Is(err, sql.ErrNoRows), ent.IsNotFound(err), a helper named
// IsNotFound or IsNoRows.
func isNotFoundTest(call *ssa.Call, err ssa.Value) bool {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	f, ok := callee.Object().(*types.Func)
	if !ok || f.Pkg() == nil {
		return false
	}
	if tested, target, ok := dataaccess.ErrorsIs(&call.Call); ok {
		return tested == err && dataaccess.IsNotFoundSentinel(target)
	}
	return nameSaysAbsent(f.Name())
}

func isNil(v ssa.Value) bool {
	k, ok := dataaccess.Unwrap(v).(*ssa.Const)
	return ok && k.Value == nil
}

func (o *outcomes) visited(v ssa.Value) bool {
	if o.seen == nil {
		o.seen = map[ssa.Value]bool{}
	}
	if o.seen[v] {
		return true
	}
	o.seen[v] = true
	return false
}

// isLibraryType reports whether t is a type of a data-access library
// (sql.Row, *gorm.DB, *redis.StringCmd), whose nil-ness says nothing
// about presence.
func isLibraryType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && apis.KnownPackage(n.Obj().Pkg().Path())
}
