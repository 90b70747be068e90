package checkthenact

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A lookup that hands back the zero record when nothing is stored (a
// repository that returns &Permissions{UserID: u} on ErrRecordNotFound),
// followed on a path where it may have found nothing by an ORM Save of
// that very record, inserts there: gorm's Save of a record whose key is
// zero is an INSERT.
//
//	perms := repo.GetForUserAndServer(user, server)
//	firstTime := perms.ID == 0
//	perms.Scopes = scopes
//	repo.UpdatePermissions(perms) // db.Save(perms): INSERT when absent
//	if firstTime { mail(user) }
//
// Two callers that both find none both insert: two rows, or a unique
// violation for the second.

// absentRegion returns the blocks where the check may have found
// nothing: its absent branches or, for a helper that hands back the zero
// record when none is stored and no test of what it found, the check's
// own block, from which every path may carry the zero record (untested).
// Only an ORM Save of that record turns such a path into an insert.
func absentRegion(check *dataaccess.Op) (region []*ssa.BasicBlock, untested bool) {
	if region := absentBranches(check); len(region) > 0 {
		return region, false
	}
	if check.Summary == nil || !check.Summary.ZeroWhenAbsent || check.Instr.Block() == nil {
		return nil, false
	}
	return []*ssa.BasicBlock{check.Instr.Block()}, true
}

// savesAbsentRecord reports whether w saves the record the check read,
// with an ORM Save that inserts when its key is zero, where no branch on
// the check's outcome has ruled absence out.
func savesAbsentRecord(check, w *dataaccess.Op, region []*ssa.BasicBlock) bool {
	call := w.Call()
	if call == nil || len(region) == 0 {
		return false
	}
	var saved ssa.Value
	switch {
	case w.Summary != nil && w.Summary.SavesBySave && w.Summary.SavesParam >= 0:
		saved = dataaccess.Arg(call, w.Summary.SavesParam)
	case w.Summary == nil && dataaccess.SavesByUpsert(w):
		saved = dataaccess.Arg(call, 0)
	default:
		return false
	}
	p := dataaccess.RootPath(saved)
	if !p.Valid() || p.Fields != "" || !slices.Contains(recordValues(check), p.Base) || !isRecordType(dataaccess.Unwrap(saved).Type()) {
		return false // a list read finds nothing as an empty list, whose Save inserts nothing
	}
	if alloc, isVar := p.Base.(*ssa.Alloc); isVar && reassigned(alloc, recordValues(check)) {
		return false // the variable is given a new record where none was found (otp = &OTP{...}): what it saves there is that one
	}
	loc, ok := locate(w.Instr, check.Fn)
	return ok && reachedAbsent(region, presentBranches(check), loc.Block())
}

// reachedAbsent reports whether target can run after one of the absent
// blocks without passing through a block that only a found record
// enters: the false edge of `if p.ID == 0 { first = true }` is the join
// both outcomes take and does not count, an else branch does (also when
// a retry loop leads back to it).
func reachedAbsent(absent, present []*ssa.BasicBlock, target *ssa.BasicBlock) bool {
	return ssautil.ReachesAvoiding(absent, target, func(next *ssa.BasicBlock) bool {
		return !slices.Contains(present, next) || len(next.Preds) >= 2 // an else branch is entered only when the record was found
	})
}

// reassigned reports whether the variable is stored a value other than
// the lookup's own record.
func reassigned(variable *ssa.Alloc, records []ssa.Value) bool {
	for _, ref := range *variable.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == variable && !slices.Contains(records, st.Val) {
			return true
		}
	}
	return false
}

func reportZeroSave(pass *analysis.Pass, check, write *dataaccess.Op, what string, line int) {
	reportRacedWrite(pass, check, write, fmt.Sprintf("check-then-act race: %s leaves the record zero when nothing is stored, and the Save at line %d then inserts it (an ORM Save of a zero key is an INSERT), so two concurrent callers can both find none and both insert (make it one step: INSERT ... ON CONFLICT on the looked-up columns under a unique index, or runtime/claim)",
		what, line), "Save that inserts the record when the lookup found none")
}
