package checkthenact

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A one-time token (a password-reset or verification token, an OTP or
// recovery code, an invitation) is looked up, tested, and only after the
// protected act consumed by a write that does not tell who consumed it:
//
//	vr, _ := store.GetVerificationRequestByToken(ctx, token)
//	store.UpdateUser(ctx, setPassword(u, pw))   // the act
//	store.DeleteVerificationRequest(ctx, vr)    // the second delete finds nothing, unnoticed
//
// Two requests with the same token both find it and both act. Only a
// consuming write whose rows affected decides who goes on (DELETE ...
// WHERE token = $1, UPDATE ... SET used = true WHERE ... AND NOT used)
// or a lock on the token row makes the token single-use.

// tokenReuse returns the write that consumes the one-time token read
// loads and the act it lets two callers through to (nil when the consume
// carries the act itself), or a nil consume.
func tokenReuse(read *dataaccess.Op, ops []*dataaccess.Op) (consume, act *dataaccess.Op) {
	if !namesOneTimeToken(read) || readSerialised(read, ops) {
		return nil, nil
	}
	readAt, ok := read.Instr.(*ssa.Call)
	records := withPhis(recordValues(read))
	if !ok || !presented(read, records) {
		return nil, nil
	}
	owners := ownersLoaded(records, ops)
	found := onPresentPath(read, readAt)
	for _, c := range ops {
		at, ok := found(c)
		if !ok {
			continue
		}
		carriesAct, consumes := consumption(read, c, records, owners)
		if !consumes {
			continue
		}
		if held, _ := mutexHeldAcross(readAt, at); held {
			continue
		}
		if carriesAct {
			if !c.StateGuard {
				return c, nil
			}
			continue
		}
		actsItself := false // the function does what the token allows, if only the same way twice
		for _, a := range ops {
			actAt, ok := found(a)
			if !ok || a == c || !actsOnce(a) || writesTokenRow(read, a) || !onOnePath(a, c, read.Fn) {
				continue
			}
			if convergentWrite(a) {
				actsItself = true
				continue
			}
			if ssautil.Before(at, actAt) && winnerGates(c, actAt) {
				continue // only the caller whose write consumed the token acts
			}
			return c, a
		}
		spends := c.Kind == apis.Delete || marksUsed(c) // not a record saved with the token cleared, which is the act itself
		if spends && validatesForCallers(read.Fn, actsItself) && !consumeDecidesReturn(c, read.Fn) {
			return c, nil // CheckEmailVerifyCode: its callers act when it says yes
		}
	}
	return nil, nil
}

// writesTokenRow reports whether a writes where the token lives rather
// than acting on what it authorises. A new row of the token's own table
// is an act: rotation issues the next refresh token into the table the
// presented one is deleted from.
func writesTokenRow(read, a *dataaccess.Op) bool {
	return dataaccess.SameResource(read.Resource, a.Resource) && a.Kind != apis.Insert
}

// onPresentPath returns a function that locates an op in the read's
// function after it, off the branches where the read found nothing.
func onPresentPath(read *dataaccess.Op, readAt *ssa.Call) func(*dataaccess.Op) (ssa.Instruction, bool) {
	absent := absentBranches(read)
	return func(op *dataaccess.Op) (ssa.Instruction, bool) {
		loc, ok := locate(op.Instr, read.Fn)
		if !ok || op == read || !ssautil.Reachable(readAt, loc) || inRegion(op.Instr, read.Fn, absent) {
			return nil, false
		}
		return loc, true
	}
}

// validatesForCallers reports whether fn hands its callers a verdict on
// the token: it returns a bool, or its name says it checks, verifies or
// spends one (CheckEmailVerifyCode, ValidateResetToken, UseRecoveryCode:
// the first word is the verb, so RevokeEmailVerify is no validator).
// Its callers act on a yes, so a consume inside it that does not decide
// the yes lets two requests both act. A function that only revokes or
// deletes a token (RevokeInvite) hands on no verdict: two revocations
// are one. Nor does one that does what the token allows itself
// (VerifyEmail marks the address verified): its name is the whole
// operation, not a question its callers act on.
func validatesForCallers(fn *ssa.Function, actsItself bool) bool {
	res := fn.Signature.Results()
	for i := range res.Len() {
		if ssautil.IsBool(res.At(i).Type()) {
			return true
		}
	}
	if actsItself {
		return false
	}
	words := apis.SplitWords(fn.Name())
	if len(words) == 0 {
		return false
	}
	switch words[0] {
	case "check", "verify", "validate", "consume", "use", "redeem":
		return true
	}
	return false
}

// consumeDecidesReturn reports whether what the consume says about
// finding the row (its rows affected, its bool) gates a return of fn.
func consumeDecidesReturn(consume *dataaccess.Op, fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && winnerGates(consume, ret) {
			return true
		}
	}
	return false
}

// consumption reports whether op spends the token read loaded: deletes
// its row, marks it used, or clears it from the record that holds it.
// carriesAct is set when the same write also does what the token
// authorised, so no other act need follow: a record saved with its
// token cleared and a new password, or a code found among the unused
// ones and marked used by the helper its callers trust (they act when it
// returns nil).
func consumption(read, op *dataaccess.Op, records, owners []ssa.Value) (carriesAct, consumes bool) {
	if !op.Kind.IsWrite() || op.Kind.IsAtomicInsert() || op.Kind == apis.Insert || !dataaccess.SameResource(read.Resource, op.Resource) {
		return false, false
	}
	// A delete of the owner's tokens (WHERE user_id = u.ID, u loaded by
	// the token's t.UserID) spends this one with the rest.
	ownersTokens := op.Kind == apis.Delete && derivedFromRecord(owners, op)
	if !dataaccess.SameInput(read, op) && !derivedFromRecord(records, op) && !savesRecord(records, op) && !ownersTokens {
		return false, false
	}
	switch {
	case op.Kind == apis.Delete:
		return false, true
	case tokenCleared(records, op):
		// A row saved with the token cleared carries the act when it
		// also takes a value of the request (a new password); constants
		// alone (email_verified = true) are the same for both callers.
		return !onlyConstantsSaved(records, op), true
	case read.SelectsByState:
		return true, true
	}
	return false, marksUsed(op)
}

// ownersLoaded returns the records that reads keyed by a field of the
// token's record load: the account of t.UserID.
func ownersLoaded(records []ssa.Value, ops []*dataaccess.Op) []ssa.Value {
	var owners []ssa.Value
	for _, op := range ops {
		if (op.Kind == apis.Read || op.Kind == apis.Exists) && derivedFromRecord(records, op) {
			owners = append(owners, recordValues(op)...)
		}
	}
	return owners
}

// marksUsed reports whether an update says it marks a token spent: its
// method's name (MarkCodeUsed, ConsumeToken) or a column it names in its
// SQL text or ORM arguments (SET used = true, Update("is_used", true)).
func marksUsed(op *dataaccess.Op) bool {
	if op.Callee != nil && apis.NamesConsumption(op.Callee.Name()) {
		return true
	}
	call := op.Call()
	if call == nil {
		return false
	}
	for _, a := range call.Args {
		if slices.ContainsFunc(constantWords(a), apis.NamesConsumption) {
			return true
		}
	}
	return false
}

// constantWords returns the words of v when it is a constant string (SQL
// text, an ORM column name), or nil.
func constantWords(v ssa.Value) []string {
	k, ok := dataaccess.Unwrap(v).(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return nil
	}
	return strings.FieldsFunc(constant.StringVal(k.Value), notNamePart)
}

func notNamePart(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
}

// tokenCleared reports whether the record is written back after the code
// stored a zero value into a field that holds the token
// (u.ResetPasswordToken = "" before UpdateUser(u)).
func tokenCleared(records []ssa.Value, write *dataaccess.Op) bool {
	if !savesRecord(records, write) && !derivedFromRecord(records, write) {
		return false
	}
	return slices.ContainsFunc(fieldStoresBefore(records, write), func(st *ssa.Store) bool {
		fa := st.Addr.(*ssa.FieldAddr)
		k, isConst := st.Val.(*ssa.Const)
		return isConst && isZeroConst(k) && apis.NamesOneTimeToken(ssautil.FieldName(fa.X.Type(), fa.Field))
	})
}

// onlyConstantsSaved reports whether every field the code stores into the
// record before write saves it is a constant (u.EmailVerified = true,
// u.VerificationToken = ""): two callers write the same row the same way.
func onlyConstantsSaved(records []ssa.Value, write *dataaccess.Op) bool {
	return !slices.ContainsFunc(fieldStoresBefore(records, write), func(st *ssa.Store) bool {
		_, isConst := st.Val.(*ssa.Const)
		return !isConst
	})
}

// convergentWrite reports whether an act writes back a record the code
// loaded, with every field it set first a constant, a copy of another
// field of the same record (u.Email = u.PendingEmail; u.Status =
// StatusActive) or the clock (u.UpdatedAt = time.Now()): two requests
// that read the same row write it the same way, but for a timestamp, so
// the second use of the token changes nothing. A value of the request (a
// new password) makes each write its own. A helper of the module that
// only saves the record it is handed (a connection type's UpdateOnly
// over the library's) is judged by the record it saves.
func convergentWrite(a *dataaccess.Op) bool {
	call := a.Call()
	if call == nil || !dataaccess.WritesBack(a) {
		return false
	}
	args := call.Args
	if a.Summary != nil {
		if a.Summary.NonIdempotent || a.Summary.DoublesWrite {
			return false
		}
		if !call.IsInvoke() && call.Signature().Recv() != nil {
			args = args[1:] // the receiver: the connection, not what it saves
		}
		// Without SavesParam the record goes in as any (UpdateOnly(model
		// any, cols ...string)): the record arguments are what it saves.
		if i := a.Summary.SavesParam; i >= 0 {
			if i >= len(args) {
				return false
			}
			args = args[i : i+1]
		}
	}
	var records []ssa.Value
	for _, arg := range args {
		arg = dataaccess.Unwrap(arg)
		if p := dataaccess.RootPath(arg); p.Valid() && p.Fields == "" && isRecordType(arg.Type()) {
			records = append(records, p.Base)
		}
	}
	if fn := a.Instr.Parent(); fn != nil {
		// In a closure the record is a captured variable, loaded afresh
		// for each use: those loads are the names its stores use.
		records = append(records, recordAliases(fn, records)...)
	}
	stores := fieldStoresReaching(records, a)
	return len(records) > 0 && len(stores) > 0 && !slices.ContainsFunc(stores, func(st *ssa.Store) bool {
		return !constantOrOwnField(st.Val, records)
	})
}

// recordAliases returns the values of fn whose fields are addressed and
// that are, by their root path, one of the records (the loads of a
// captured variable that holds one), other than the records themselves.
func recordAliases(fn *ssa.Function, records []ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			fa, ok := in.(*ssa.FieldAddr)
			if !ok || slices.Contains(records, fa.X) || slices.Contains(out, fa.X) {
				continue
			}
			if p := dataaccess.RootPath(fa.X); p.Valid() && p.Fields == "" && slices.Contains(records, p.Base) {
				out = append(out, fa.X)
			}
		}
	}
	return out
}

// constantOrOwnField reports whether v is a constant, a reading of the
// clock, or a load of a field of one of the records.
func constantOrOwnField(v ssa.Value, records []ssa.Value) bool {
	if _, ok := v.(*ssa.Const); ok || ssautil.ReadsClock(v) {
		return true
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	return ok && slices.Contains(records, fa.X)
}

// fieldStoresBefore returns the stores into a field of the records that
// run before write on every path to it (u.Password = hash before
// UpdateUser(u)).
func fieldStoresBefore(records []ssa.Value, write *dataaccess.Op) []*ssa.Store {
	return fieldStoresWhere(records, write, ssautil.Before)
}

// fieldStoresReaching returns the stores into a field of the records that
// can run before write, on some path to it (u.Status = active inside an
// if).
func fieldStoresReaching(records []ssa.Value, write *dataaccess.Op) []*ssa.Store {
	return fieldStoresWhere(records, write, ssautil.Reachable)
}

// fieldStoresWhere returns the stores into a field of the records that
// stand in the order to write.
func fieldStoresWhere(records []ssa.Value, write *dataaccess.Op, order func(a, b ssa.Instruction) bool) []*ssa.Store {
	var stores []*ssa.Store
	for _, rec := range records {
		for _, ref := range *rec.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			for _, use := range *fa.Referrers() {
				st, ok := use.(*ssa.Store)
				if !ok || st.Addr != fa {
					continue
				}
				if loc, ok := locate(write.Instr, st.Parent()); ok && order(st, loc) {
					stores = append(stores, st)
				}
			}
		}
	}
	return stores
}

// namesOneTimeToken reports whether the read loads a one-time token: its
// table, its method, the constant text of its key or the type of the
// record it fills is named for one.
func namesOneTimeToken(read *dataaccess.Op) bool {
	if read.SQL != nil && apis.NamesOneTimeToken(read.SQL.Table) {
		return true
	}
	// A repository method's name is its contract (GetByNonce), also when
	// its implementations' summary stands for it; a helper of the
	// package is judged by what it reads.
	if read.Callee != nil && (read.Summary == nil || passutil.IsInterfaceMethod(read.Callee)) && read.Callee.Pkg() != nil && !apis.KnownPackage(read.Callee.Pkg().Path()) &&
		apis.NamesOneTimeToken(read.Callee.Name()) {
		return true
	}
	if read.Resource.Key != nil && keyNamesToken(read.Resource.Key) {
		return true // redis Get(ctx, "reset:"+token): the key's constant text
	}
	if call, ok := read.Instr.(*ssa.Call); ok && read.Resource.Key == nil && read.Summary != nil {
		// A key-value table behind a helper: kv.GetString(fmt.Sprintf("%s_%s",
		// KeyInviteCode, code)) names the token in the key it builds.
		for i := 0; dataaccess.Arg(&call.Call, i) != nil; i++ {
			if a := dataaccess.Arg(&call.Call, i); isBuiltString(a) && keyNamesToken(a) {
				return true
			}
		}
	}
	for _, rec := range recordValues(read) {
		if n := recordName(rec.Type()); n != "" && apis.NamesOneTimeToken(n) {
			return true
		}
	}
	return false
}

// keyNamesToken reports whether the constant text of a key names a
// one-time token.
func keyNamesToken(key ssa.Value) bool { return keyNamesTokenWithin(key, 2) }

// keyNamesTokenWithin is keyNamesToken looking through at most depth key
// helpers.
func keyNamesTokenWithin(key ssa.Value, depth int) bool {
	if text, ok := dataaccess.SQLText(key); ok && slices.ContainsFunc(strings.FieldsFunc(text, notNamePart), apis.NamesOneTimeToken) {
		return true
	}
	// A key helper of the package (magicKey(token) returning
	// "auth:magic:"+token) names the token in its name or its text.
	call, ok := key.(*ssa.Call)
	if !ok || call.Call.StaticCallee() == nil || depth == 0 {
		return false
	}
	helper := call.Call.StaticCallee()
	if apis.NamesOneTimeToken(helper.Name()) {
		return true
	}
	for _, ret := range ssautil.Returns(helper) {
		if len(ret.Results) == 1 && keyNamesTokenWithin(ret.Results[0], depth-1) {
			return true
		}
	}
	return false
}

// isBuiltString reports whether v is a string made of constant text and
// a value (a concatenation or a fmt.Sprintf): a key, not a plain name.
func isBuiltString(v ssa.Value) bool {
	switch x := dataaccess.Unwrap(v).(type) {
	case *ssa.BinOp:
		return true
	case *ssa.Call:
		f := x.Call.StaticCallee()
		return f != nil && f.Pkg != nil && f.Pkg.Pkg.Path() == "fmt" && f.Name() == "Sprintf"
	}
	return false
}

func recordName(t types.Type) string {
	for {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && isRecordType(n) {
		return n.Obj().Name()
	}
	return ""
}

// actsOnce reports whether an operation is something the token
// authorises once: a write (a password set, a session or account
// created, a quota credited) or an external effect.
func actsOnce(op *dataaccess.Op) bool {
	if op.Summary != nil {
		return op.Summary.Writes || op.Summary.Acts
	}
	return op.Kind == apis.Effect || op.Kind.IsWrite() && op.Kind != apis.Delete
}

// winnerGates reports whether the act runs only on a non-error outcome
// of the consuming write (its rows affected), which tells the one caller
// that spent the token; for a helper that fails unless its guarded write
// changed a row, the act's branch on its error tells the same.
func winnerGates(consume *dataaccess.Op, actAt ssa.Instruction) bool {
	call, ok := consume.Instr.(*ssa.Call)
	if ok && consume.Summary != nil && (consume.Summary.WinsByError || consume.Summary.RemovesByRow) {
		return ssautil.Gates(call, false, actAt)
	}
	if !ok || consume.Summary != nil || ssautil.IsError(call.Type()) {
		return false // a write that returns only an error says it failed, not that it found nothing
	}
	return ssautil.Gates(call, true, actAt)
}

func reportTokenReuse(pass *analysis.Pass, read, consume, act *dataaccess.Op) {
	line := func(op *dataaccess.Op) int { return pass.Fset.Position(op.Pos()).Line }
	both := "both go on"
	related := []analysis.RelatedInformation{{Pos: consume.Pos(), Message: "the write that consumes the token without telling who did"}}
	if act != nil {
		both = fmt.Sprintf("both reach %s at line %d", describeAct(act), line(act))
		related = append(related, analysis.RelatedInformation{Pos: act.Pos(), Message: "the act the token should allow once"})
	}
	pass.Report(analysis.Diagnostic{
		Pos: read.Pos(),
		Message: fmt.Sprintf("token-reuse race: the one-time token read here is consumed by %s at line %d, a write whose outcome no branch tests, so two requests with the same token can both find it and %s (consume it in one step that picks one winner: DELETE ... WHERE token = $1 or UPDATE ... SET used = true WHERE token = $1 AND NOT used, and go on only when it changed a row; or lock the token row with SELECT ... FOR UPDATE in the transaction that consumes it)",
			describeAct(consume), line(consume), both),
		Related: related,
		URL:     apis.RuntimeClaimURL,
	})
}

// withPhis adds to the record's values the variables that hold it or
// something else: var vr *Request assigned under `if byToken { vr, err =
// store.Get...(token) }`, tested and deleted under later tests of the same
// flag, or the OTP read by e-mail or by phone number and then verified
// and deleted once.
func withPhis(records []ssa.Value) []ssa.Value {
	out := records
	for _, rec := range records {
		for _, ref := range *rec.Referrers() {
			if phi, ok := ref.(*ssa.Phi); ok && !slices.Contains(out, ssa.Value(phi)) {
				out = append(out, phi)
			}
		}
	}
	return out
}

// presented reports whether the request presents the token the read
// loads: the read looks it up by a value named for one (ByToken, WHERE
// code = $1 in its SQL or ORM condition, a parameter or field named token, code or otp, a redis key
// built from it), or the code compares the record's token with one
// (otp.Code != code after GetOTPByEmail). A pending token read by the
// user's e-mail to be replaced by a new one is not being used.
func presented(read *dataaccess.Op, records []ssa.Value) bool {
	if read.Resource.Key != nil {
		return true
	}
	if st := read.Statement(); st != nil && slices.ContainsFunc(strings.Split(st.MatchColumns, ","), apis.NamesTokenValue) {
		return true
	}
	if read.Callee != nil {
		if _, by, ok := strings.Cut(read.Callee.Name(), "By"); ok && apis.NamesTokenValue(by) {
			return true
		}
	}
	for _, in := range read.Inputs() {
		if apis.NamesTokenValue(valueName(in)) {
			return true
		}
	}
	for _, rec := range records {
		for _, ref := range *rec.Referrers() {
			if fa, ok := ref.(*ssa.FieldAddr); ok && apis.NamesTokenValue(ssautil.FieldName(fa.X.Type(), fa.Field)) && len(ssautil.LoadsOf(fa)) > 0 {
				return true
			}
		}
	}
	return false
}

// valueName returns the name a value carries in the source: a
// parameter's or variable's, or the field it was loaded from.
func valueName(v ssa.Value) string {
	switch x := dataaccess.Unwrap(v).(type) {
	case *ssa.Parameter:
		return x.Name()
	case *ssa.UnOp:
		switch addr := x.X.(type) {
		case *ssa.FieldAddr:
			return ssautil.FieldName(addr.X.Type(), addr.Field)
		case *ssa.FreeVar: // a variable a closure captured
			return addr.Name()
		case *ssa.Alloc: // a local variable or parameter that escapes
			return addr.Comment
		}
	case *ssa.Field:
		return ssautil.FieldName(x.X.Type(), x.Field)
	case *ssa.Call: // r.FormValue("code"), c.Query("token"), c.Param("otp")
		if f := dataaccess.Callee(&x.Call); f != nil && requestParamGetters[f.Name()] {
			if name, ok := dataaccess.SQLText(dataaccess.Arg(&x.Call, 0)); ok {
				return name
			}
		}
	}
	return ""
}

// requestParamGetters are the methods that read a request parameter by
// its name (net/http, url.Values, gin, echo, fiber, chi).
var requestParamGetters = map[string]bool{
	"FormValue": true, "PostFormValue": true, "Get": true, "Query": true, "DefaultQuery": true, "PostForm": true,
	"Param": true, "QueryParam": true, "FormValueOrDefault": true, "Params": true,
}
