package checkthenact

import (
	"slices"

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
	if !p.Valid() || p.Fields != "" || !slices.Contains(recordValues(check), p.Base) {
		return false
	}
	loc, ok := locate(w.Instr, check.Fn)
	if !ok || !ssautil.Reachable(check.Instr, loc) {
		return false
	}
	// A present branch rules absence out only if the absent one never
	// joins it: the false edge of `if p.ID == 0 { first = true }` enters
	// the join both take.
	for _, present := range presentBranches(check) {
		if !present.Dominates(loc.Block()) {
			continue
		}
		joined := slices.ContainsFunc(region, func(absent *ssa.BasicBlock) bool {
			return len(absent.Instrs) > 0 && len(present.Instrs) > 0 && ssautil.Reachable(absent.Instrs[0], present.Instrs[0])
		})
		if !joined {
			return false
		}
	}
	return true
}
