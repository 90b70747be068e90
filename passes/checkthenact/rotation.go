package checkthenact

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A refresh or session token rotated by hand is single-use by the code's
// own account, whatever its name says:
//
//	u, _ := tokens.GetUserFromToken(ctx, hash)
//	next, _ := svc.createSessionToken(ctx, u.ID) // a new row of the tokens table
//	tokens.DeleteToken(ctx, hash)                // the presented one, outcome unread
//
// Two refreshes with the same token both find it and both issue a new
// one; the second delete removes nothing and nobody notices. The names
// of the token-reuse check leave session and access tokens out (they are
// meant to be presented many times); the rotation is what makes this one
// one-time.

// rotatedToken returns the delete that spends the token read looks up and
// the insert of its successor that both callers reach, or nils: the
// delete is keyed by the very value the read was, removes a row of a
// table named for tokens or sessions, and the successor is inserted into
// that table before the delete, or after it on a path the delete's
// outcome does not gate.
func rotatedToken(read *dataaccess.Op, ops []*dataaccess.Op) (spend, successor *dataaccess.Op) {
	readAt, ok := read.Instr.(*ssa.Call)
	if !ok || read.Kind != apis.Read || !namesToken(read, "token", "tokens", "refresh") || readSerialised(read, ops) {
		return nil, nil
	}
	found := onPresentPath(read, readAt)
	for _, d := range ops {
		deleteAt, ok := found(d)
		if !ok || d.Kind != apis.Delete || !namesToken(d, "token", "tokens", "authtoken", "authtokens", "session", "sessions", "refresh") || !sharesKeyArg(read, d) {
			continue
		}
		if held, _ := mutexHeldAcross(readAt, deleteAt); held {
			continue
		}
		for _, i := range ops {
			insertAt, ok := found(i)
			if !ok || i.Kind != apis.Insert || !slices.Contains(insertedTables(i), d.Resource.Table) || sharesKeyArg(read, i) {
				continue // a row under the presented key is a claim on it, which its unique key decides
			}
			if ssautil.Reachable(insertAt, deleteAt) || !winnerGates(d, insertAt) {
				return d, i
			}
		}
	}
	return nil, nil
}

// namesToken reports whether an op's table, or its method's name, has
// one of the words: the read looks up a token (GetUserFromToken), the
// delete removes a token or session row.
func namesToken(op *dataaccess.Op, words ...string) bool {
	names := []string{op.Resource.Table}
	if op.Callee != nil {
		names = append(names, op.Callee.Name())
	}
	for _, n := range names {
		for _, w := range apis.SplitWords(n) {
			if slices.Contains(words, w) {
				return true
			}
		}
	}
	return false
}

// sharesKeyArg reports whether op is handed a value the read was, not a
// context or a handle (the token the request presented), itself or
// through a constructor of what op stores (newCacheRow(key, value)).
func sharesKeyArg(read, op *dataaccess.Op) bool {
	rc, oc := read.Call(), op.Call()
	if rc == nil || oc == nil {
		return false
	}
	for i := 0; dataaccess.Arg(rc, i) != nil; i++ {
		a := dataaccess.Arg(rc, i)
		if !contextOrHandle(a) && handedTo(a, oc, 2) {
			return true
		}
	}
	return false
}

// handedTo reports whether v is an argument of the call, or of a call
// that makes one, within depth calls.
func handedTo(v ssa.Value, c *ssa.CallCommon, depth int) bool {
	for j := 0; dataaccess.Arg(c, j) != nil; j++ {
		b := dataaccess.Arg(c, j)
		if dataaccess.SameValue(v, b) {
			return true
		}
		if inner, ok := dataaccess.Unwrap(b).(*ssa.Call); ok && depth > 1 && handedTo(v, &inner.Call, depth-1) {
			return true
		}
	}
	return false
}

// insertedTables returns the tables an insert adds rows to: its own, or
// those of the helper it calls.
func insertedTables(op *dataaccess.Op) []string {
	tables := append([]string{op.Resource.Table}, op.Resource.Tables...)
	if op.Summary != nil {
		tables = append(tables, op.Summary.InsertTables...)
	}
	return tables
}
