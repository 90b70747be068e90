package checkthenact

import (
	"strings"

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

// presenceRefused reports whether the check's present branch returns an
// error variable named for a duplicate (ErrDuplicateDestination,
// ErrAlreadyExists, ErrNameTaken).
func presenceRefused(check *dataaccess.Op) bool {
	present := presentBranches(check)
	if len(present) == 0 {
		return false
	}
	for _, ret := range ssautil.Returns(check.Fn) {
		if len(ret.Results) == 0 || !inRegion(ret, check.Fn, present) {
			continue
		}
		sentinel := dataaccess.SentinelIn(dataaccess.Unwrap(ret.Results[len(ret.Results)-1]))
		if dataaccess.NamesDuplicate(sentinel[strings.LastIndex(sentinel, ".")+1:]) {
			return true
		}
	}
	return false
}
