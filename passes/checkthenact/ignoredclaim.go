package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An atomic claim (INSERT ... ON CONFLICT DO NOTHING, SETNX, LoadOrStore,
// a TryClaim wrapper) picks one winner among concurrent callers, but only
// for code that asks whether this call won: its rows affected, its bool,
// its loaded flag. A claim whose outcome nobody reads decides nothing, and
// every caller, the duplicate included, goes on to the charge or e-mail
// that follows it.

// A guarded transition (UPDATE ... SET status = 'paid' WHERE id = $1 AND
// status = 'pending') is a claim of the same kind: it changes the row for
// one caller, and its rows affected says which; executed for its error
// alone, it lets every caller on to the charge.

// ignoredClaims reports each claim whose outcome is never read and that
// an effect which must not run twice follows, unless a check's finding
// already names it (named).
func ignoredClaims(pass *analysis.Pass, judge *Judge, named map[*dataaccess.Op]bool) {
	for _, claim := range judge.model.Ops {
		claims := claim.Kind.IsAtomicInsert() && decidesWinner(claim) || guardedTransition(claim)
		if !claims || named[claim] || judge.NoTwin(claim) || !outcomeUnread(claim) {
			continue
		}
		if effect := doubledAfter(claim, judge.model.Ops); effect != nil {
			reportIgnoredClaim(pass, claim, effect)
		}
	}
}

// outcomeUnread reports whether nothing reads what the claim's call says
// about winning: its results are unused, or only its error is read where
// the error says nothing about a duplicate (see silentOnDuplicate), and a
// library result (gorm's *DB, go-redis's *BoolCmd) is only asked for its
// error.
func outcomeUnread(claim *dataaccess.Op) bool {
	call, ok := claim.Instr.(*ssa.Call)
	if !ok || call.Call.Signature().Results().Len() == 0 {
		return false // a helper that returns nothing has no outcome to read: its claim is judged inside it
	}
	return !outcomeRead(call, !silentOnDuplicate(claim))
}

// outcomeRead reports whether anything reads what a write's call says:
// a result other than the error, Val(), Result(), RowsAffected; its
// error too when errorSays (the error tells the duplicate apart) or when
// the error is all the call returns.
func outcomeRead(call *ssa.Call, errorSays bool) bool {
	if _, isTuple := call.Type().(*types.Tuple); isTuple {
		for _, ref := range *call.Referrers() {
			e, ok := ref.(*ssa.Extract)
			if !ok || len(*e.Referrers()) > 0 && (errorSays || !ssautil.IsError(e.Type())) {
				return true
			}
		}
		return false
	}
	if errorSays || ssautil.IsError(call.Type()) {
		return len(*call.Referrers()) > 0
	}
	for _, ref := range *call.Referrers() {
		if !ssautil.IsErrorPart(ref) {
			return true // Val(), Result(), RowsAffected: the outcome is read
		}
	}
	return false
}

// decidesWinner reports whether the claim leaves the key to the first
// caller and tells the others so, rather than writing for every caller:
// SQL's ON CONFLICT DO NOTHING or INSERT IGNORE (not an upsert's DO
// UPDATE), SETNX, LoadOrStore, and the conditional writes of ORMs,
// document stores and wrappers (whose result or error says it).
func decidesWinner(claim *dataaccess.Op) bool {
	if dataaccess.Overwrites(claim) {
		return false // an upsert writes for every caller
	}
	if claim.SQL != nil {
		return claim.SQL.OnConflictDoNothing || claim.SQL.InsertIfAbsent
	}
	if claim.Callee == nil || claim.Callee.Pkg() == nil || claim.Summary != nil {
		return true
	}
	switch pkg := claim.Callee.Pkg().Path(); {
	case apis.IsRedis(pkg):
		return claim.Callee.Name() == "SetNX" || claim.Callee.Name() == "HSetNX"
	case pkg == "sync":
		return claim.Callee.Name() == "LoadOrStore"
	}
	return true
}

// guardedTransition reports whether op is an UPDATE, in SQL text, whose
// own WHERE tests a column its SET assigns: it changes the row for one of
// two callers. (A WHERE on other non-key columns, organization = $1,
// selects rows rather than a state; an ORM chain's Where is not read
// against its Update's columns, so it is left out.)
func guardedTransition(op *dataaccess.Op) bool {
	return op.Kind == apis.Update && op.SQL != nil && op.SQL.Kind == sqlclass.Update && op.SQL.Transition
}

// silentOnDuplicate reports whether the claim returns no error when the
// key is already taken, so that its error tells nothing about winning:
// SQL's ON CONFLICT DO NOTHING and INSERT IGNORE, a guarded UPDATE that
// changes no row, SETNX, LoadOrStore. An ORM's, a DynamoDB conditional
// put or a wrapper may answer the duplicate with an error, and is read
// when its error is.
func silentOnDuplicate(claim *dataaccess.Op) bool {
	if claim.SQL != nil {
		return true
	}
	if claim.Callee == nil || claim.Callee.Pkg() == nil || claim.Summary != nil {
		return false
	}
	pkg := claim.Callee.Pkg().Path()
	return apis.IsRedis(pkg) || pkg == "sync"
}

// doubledAfter returns an operation that can run after the claim and
// must not run twice: an external effect (a charge, an e-mail, a
// publish), or, after a claim of an idempotency or processed-event key,
// a non-idempotent write elsewhere. A write of the claimed table itself
// is the ensure-then-update idiom (insert the counter's row if missing,
// then add to it), which runs every time by design.
func doubledAfter(claim *dataaccess.Op, ops []*dataaccess.Op) *dataaccess.Op {
	dedup := apis.IsClaimTable(claim.Resource.Table) || claim.Resource.Key != nil || claim.Kind == apis.Claim
	for _, op := range ops {
		if op == claim || op.Fn != claim.Fn || !ssautil.Reachable(claim.Instr, op.Instr) {
			continue
		}
		external := op.Kind == apis.Effect || op.Summary != nil && op.Summary.Acts
		if external || dedup && dataaccess.NonIdempotent(op) && !dataaccess.SameResource(claim.Resource, op.Resource) {
			return op
		}
	}
	return nil
}

func reportIgnoredClaim(pass *analysis.Pass, claim, effect *dataaccess.Op) {
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	pass.Report(analysis.Diagnostic{
		Pos: claim.Pos(),
		Message: fmt.Sprintf("ignored claim: %s picks one winner, but nothing reads whether this call won (%s), so a concurrent or repeated caller goes on to %s at line %d as well: the claim deduplicates nothing (go on only when it reports a new claim; or runtime/claim)",
			claimName(claim), winnerSignal(claim), effectName(effect), line(effect.Pos())),
		Related: []analysis.RelatedInformation{
			{Pos: effect.Pos(), Message: "what every caller runs"},
		},
		URL: apis.RuntimeClaimURL,
	})
}

// claimName names the claim for the message.
func claimName(op *dataaccess.Op) string {
	switch {
	case guardedTransition(op):
		return fmt.Sprintf("the guarded update of %s", op.SQL.Table)
	case op.SQL != nil && op.SQL.Table != "":
		return fmt.Sprintf("the conditional insert into %s", op.SQL.Table)
	case op.Callee != nil:
		return op.Callee.Name()
	}
	return "the claim"
}

// winnerSignal says what tells the winner: rows affected for SQL, the
// bool of SETNX or a TryClaim wrapper, LoadOrStore's loaded flag.
func winnerSignal(op *dataaccess.Op) string {
	switch {
	case op.SQL != nil:
		return "rows affected == 1"
	case op.Callee != nil && op.Callee.Name() == "LoadOrStore":
		return "loaded == false"
	case op.Callee != nil && op.Callee.Pkg() != nil && apis.IsRedis(op.Callee.Pkg().Path()):
		return "the bool from Result()"
	}
	return "its result"
}

// effectName names what every caller runs.
func effectName(op *dataaccess.Op) string {
	if op.Callee != nil {
		return op.Callee.Name()
	}
	return "a write"
}
