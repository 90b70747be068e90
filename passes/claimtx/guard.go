package claimtx

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// guards reports whether the write runs only on an outcome of the claim:
// some branch between them tests a value computed from the claim's result
// (its error, rows affected, the bool of SETNX or of a TryClaim wrapper)
// and one of its arms leads to the write. A claim whose result nobody
// looks at suppresses nothing on a retry, so it cannot lose an operation.
// A claim inside a transaction callback is judged by the runner's result.
//
// For a conditional insert (ON CONFLICT DO NOTHING, SETNX) called
// directly, the error says only that the statement failed: the duplicate
// shows in the rows affected or the returned bool, so the branch must test
// those. A RETURNING claim reports the duplicate as ErrNoRows, and a
// wrapper may turn it into an error, so there any result counts.
func guards(claim, write event) bool {
	v, ok := claim.at.(ssa.Value)
	if !ok {
		return false
	}
	return ssautil.Gates(v, claim.runner == nil && dataaccess.WinnerNotInError(claim.op), write.at)
}
