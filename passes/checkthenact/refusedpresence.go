package checkthenact

import (
	"fmt"
	"go/constant"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A key-value or in-memory check is a cache lookup when a hit is an
// answer; filling the entry twice is harmless, so such checks are
// reported only with a side effect. A check whose hit is refused with a
// duplicate error (HGETALL found the destination: return
// ErrDuplicateDestination) treats the store as the record of what
// exists, as a database's existence check does: two creates that both
// miss both write, the second over the first, and both callers are told
// they created it.

// The same holds for a database's upsert (ON CONFLICT DO UPDATE, INSERT
// OR REPLACE) after a check whose hit is refused: the upsert makes no
// second row, but the second create replaces the first one's values and
// is told it created the record too.

// presenceRefused reports whether the check's present branch returns an
// error variable named for a duplicate (ErrDuplicateDestination,
// ErrAlreadyExists, ErrNameTaken) or one made there from text that says
// so (errors.New("dns entry exists")).
func presenceRefused(check *dataaccess.Op) bool {
	present := presentBranches(check)
	if len(present) == 0 {
		return false
	}
	for _, ret := range ssautil.Returns(check.Fn) {
		if len(ret.Results) == 0 || !inRegion(ret, check.Fn, present) {
			continue
		}
		result := dataaccess.Unwrap(ret.Results[len(ret.Results)-1])
		sentinel := dataaccess.SentinelIn(result)
		if dataaccess.NamesDuplicate(sentinel[strings.LastIndex(sentinel, ".")+1:]) || refusalText(result) {
			return true
		}
	}
	return false
}

// replacesRefused reports whether write is an upsert of the row the
// check looked up (its conflict target, when known, is what the check
// matched) after a check whose hit is refused as a duplicate.
func replacesRefused(check, write *dataaccess.Op) bool {
	return write.Kind.IsAtomicInsert() && dataaccess.Overwrites(write) && !dataaccess.AnswersOtherKeys(write) &&
		!conflictMissesCheck(check, write) && presenceRefused(check)
}

// reportReplaced reports a refused duplicate that an upsert overwrites.
func reportReplaced(pass *analysis.Pass, check, write *dataaccess.Op, what string, line int) {
	reportRacedWrite(pass, check, write, fmt.Sprintf("check-then-act race: %s refuses a duplicate, but the upsert at line %d that runs when it finds nothing is a separate step, so two concurrent creates can both see it absent: the second replaces the first one's record and both are told they created it (insert with ON CONFLICT DO NOTHING and refuse when no row was inserted, or runtime/claim)",
		what, line), "upsert that overwrites what a concurrent create stored")
}

// refusalText reports whether v is an error made from constant text
// (errors.New, fmt.Errorf) with a word of a duplicate in it.
func refusalText(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) == 0 {
		return false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || !(fn.Pkg.Pkg.Path() == "errors" && fn.Name() == "New" || fn.Pkg.Pkg.Path() == "fmt" && fn.Name() == "Errorf") {
		return false
	}
	k, ok := call.Call.Args[0].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return false
	}
	return slices.ContainsFunc(strings.Fields(constant.StringVal(k.Value)), dataaccess.NamesDuplicate)
}
