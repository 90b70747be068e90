package checkthenact

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A row taken from a pool (a one-time key, an unused coupon code, the
// next queued job) is often read and then removed in two steps:
//
//	tx.QueryRowContext(ctx, `SELECT key_id, key_json FROM one_time_keys
//		WHERE user_id = $1 LIMIT 1`, user).Scan(&id, &key)
//	tx.ExecContext(ctx, `DELETE FROM one_time_keys WHERE key_id = $1`, id)
//	return key
//
// Two callers read the same row before either removes it; the second
// delete removes nothing, nothing asks, and both hand out the same key.
// The read's LIMIT 1 says the WHERE matches many rows, so the row is
// picked rather than named by the caller (a token the caller presents is
// tokenReuse's). Safe forms take the row in one statement (DELETE ...
// WHERE key_id = (SELECT ... LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING
// key_json), lock it as they read it, or go on only when the removal
// changed a row.

// SQLite has one writer: of two transactions that read the row and then
// delete it, the second to write gets SQLITE_BUSY rather than the row, so
// a package that says it is SQLite's (it imports a SQLite driver, or is
// named for it: a storage/sqlite3 package beside storage/postgres) is
// left out.

// poppedRow returns the write that removes, or marks taken, the row read
// picked from a pool when the row is then handed out and nothing tests
// what the write changed; otherwise nil.
func poppedRow(pass *analysis.Pass, read *dataaccess.Op, ops []*dataaccess.Op) *dataaccess.Op {
	if !picksFromPool(read) || readSerialised(read, ops) || onSQLite(pass.Pkg) {
		return nil
	}
	readAt, ok := read.Instr.(*ssa.Call)
	records := withPhis(recordValues(read))
	if !ok || len(records) == 0 || !handedOut(read.Fn, records) {
		return nil
	}
	found := onPresentPath(read, readAt)
	for _, w := range ops {
		if _, ok := found(w); ok && takesRow(read, w, records) && removalUntested(w) {
			return w
		}
	}
	return nil
}

// onSQLite reports whether pkg is written for SQLite: it imports a SQLite
// driver, or its name says SQLite.
func onSQLite(pkg *types.Package) bool {
	if strings.Contains(strings.ToLower(pkg.Name()), "sqlite") {
		return true
	}
	return slices.ContainsFunc(pkg.Imports(), func(imp *types.Package) bool { return apis.IsSQLiteDriver(imp.Path()) })
}

// picksFromPool reports whether read takes one row of the many its WHERE
// may match: SELECT ... LIMIT 1.
func picksFromPool(read *dataaccess.Op) bool {
	return read.SQL != nil && read.SQL.Kind == sqlclass.Select && read.SQL.PicksOne && !read.SQL.Exists
}

// takesRow reports whether w removes the picked row, or marks it taken,
// by a key read from it: a DELETE, or an UPDATE that says it marks a row
// used or that changes a pool chosen by its state (WHERE used = false).
func takesRow(read, w *dataaccess.Op, records []ssa.Value) bool {
	if !dataaccess.SameResource(read.Resource, w.Resource) || !derivedFromRecord(records, w) {
		return false
	}
	return w.Kind == apis.Delete || w.Kind == apis.Update && (marksUsed(w) || read.SQL.SelectsByState)
}

// removalUntested reports whether nothing reads what w changed: only its
// error is looked at (a DELETE that removes no row is no error), and a
// helper that runs it does not decide its nil by a guarded write's rows
// affected.
func removalUntested(w *dataaccess.Op) bool {
	call, ok := w.Instr.(*ssa.Call)
	if !ok || w.SQL == nil && w.StateGuard {
		return false
	}
	return ssautil.IsError(call.Type()) || !outcomeRead(call, false)
}

// handedOut reports whether a value read from the row reaches one of
// fn's results: itself, a field or conversion of it, or a map, slice or
// struct built from it.
func handedOut(fn *ssa.Function, records []ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	work := slices.Clone(records)
	for len(work) > 0 && len(seen) < 512 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] || v.Referrers() == nil {
			continue
		}
		seen[v] = true
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.Return:
				if r.Parent() == fn {
					return true
				}
			case *ssa.MapUpdate:
				work = append(work, r.Map)
			case *ssa.Store:
				if r.Val == v {
					work = append(work, addressBase(r.Addr))
				}
			case *ssa.UnOp, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Field, *ssa.FieldAddr,
				*ssa.IndexAddr, *ssa.Slice, *ssa.Extract, *ssa.Phi, *ssa.BinOp:
				work = append(work, r.(ssa.Value))
			}
		}
	}
	return false
}

// addressBase returns the variable or composite an address points into:
// rec for &rec.Field, arr for &arr[i].
func addressBase(addr ssa.Value) ssa.Value {
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X
		default:
			return addr
		}
	}
}

func reportPoppedRow(pass *analysis.Pass, read, take *dataaccess.Op) {
	line := pass.Fset.Position(take.Pos()).Line
	pass.Report(analysis.Diagnostic{
		Pos: read.Pos(),
		Message: fmt.Sprintf("pop race: the row read here is one of many its WHERE matches (LIMIT 1), and %s at line %d takes it in a separate step whose outcome no branch tests, so two concurrent callers can both read the same row and both hand it out (take it in one statement: DELETE ... WHERE id = (SELECT id ... LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING ...; or read it with FOR UPDATE SKIP LOCKED; or go on only when the write changed a row)",
			describeAct(take), line),
		Related: []analysis.RelatedInformation{{Pos: take.Pos(), Message: "the write that takes the row without telling who did"}},
		URL:     apis.RuntimeClaimURL,
	})
}
