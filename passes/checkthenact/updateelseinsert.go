package checkthenact

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An upsert written by hand updates first and inserts when the update
// found no row:
//
//	res, _ := db.Exec(`UPDATE plays SET n = n + 1 WHERE user_id = $1 AND item_id = $2`, u, i)
//	if n, _ := res.RowsAffected(); n == 0 {
//		db.Exec(`INSERT INTO plays (user_id, item_id, n) VALUES ($1, $2, 1)`, u, i)
//	}
//
// The update is the existence check: an update that matches nothing
// locks nothing, so two first callers both update no row and both
// insert. Without a unique key the row is there twice (and every later
// increment counts twice); with one, the second insert fails and its
// write is lost or answered with an error.

// updateElseInsertRaces reports an update whose "no row changed" branch
// runs a plain insert of the row it looked for, with nothing serialising
// the two and the insert's unique violation not answered. The update is
// a library's, or a query wrapper's run of the caller's statement
// (executeSQL(sq.Update(...))) whose count is the rows it changed.
func updateElseInsertRaces(pass *analysis.Pass, judge *Judge) {
	ops := judge.model.Ops
	for _, update := range ops {
		if update.Kind != apis.Update || update.Summary != nil && update.SQL == nil || judge.NoTwin(update) || dataaccess.KeyValue(update) {
			continue // a helper's result (a bool, a record) need not count rows; a query wrapper's is the statement's
		}
		if keyedByMintedID(update) {
			continue
		}
		region := noRowBranches(update)
		if len(region) == 0 || judge.callers.lockedFirst(update, ops) {
			continue
		}
		if insert := insertOfRowLookedFor(update, ops, region, judge.callers); insert != nil {
			reportUpdateElseInsert(pass, update, insert)
		}
	}
}

// noRowBranches returns the blocks entered only when the update changed
// no row: its rows affected is the count of rows it found.
func noRowBranches(update *dataaccess.Op) []*ssa.BasicBlock {
	probe := *update
	probe.Kind = apis.Exists
	return absentBranches(&probe)
}

// keyedByMintedID reports whether the update matches a key that its
// function mints for a new row on another path (u.ID = NewRandom() when
// it is empty, id = uuid() before the insert): new rows get fresh ids,
// and the update finds no row only for an id a caller chose, which a
// twin does not share. A natural key (user and item, a setting's name)
// is one two first callers both hold.
func keyedByMintedID(update *dataaccess.Op) bool {
	for _, in := range update.Inputs() {
		p := dataaccess.RootPath(in)
		if !p.Valid() {
			continue
		}
		for _, b := range update.Fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					if dataaccess.RootPath(x.Addr) == p && minted(x.Val, map[ssa.Value]bool{}) {
						return true
					}
				case *ssa.Phi:
					if p.Fields == "" && slices.Contains(x.Edges, p.Base) &&
						slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return minted(e, map[ssa.Value]bool{}) }) {
						return true
					}
				}
			}
		}
	}
	return false
}

// insertOfRowLookedFor returns the plain insert into the update's table,
// keyed by what the update matched, that runs on region; or nil. An
// atomic insert (ON CONFLICT, INSERT IGNORE) is the one-step form, and
// one whose violation the code answers (by updating again) has a winner.
func insertOfRowLookedFor(update *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock, callers *callers) *dataaccess.Op {
	for _, w := range ops {
		if w.Kind != apis.Insert || !dataaccess.SameResource(update.Resource, w.Resource) || !inRegion(w.Instr, update.Fn, region) {
			continue
		}
		if !dataaccess.SameInput(update, w) || guarded(update, w, ops) {
			continue
		}
		if answered, _ := callers.duplicateAnswered(update, w); answered {
			continue
		}
		return w
	}
	return nil
}

func reportUpdateElseInsert(pass *analysis.Pass, update, insert *dataaccess.Op) {
	pass.Report(analysis.Diagnostic{
		Pos: update.Pos(),
		Message: fmt.Sprintf("update-else-insert race: when %s changes no row, the insert at line %d adds it in a separate step, so two concurrent first callers both update nothing and both insert: the row twice, or the second's unique violation loses its write (make it one step: INSERT ... ON CONFLICT (key) DO UPDATE SET ..., or retry the update when the insert's unique violation says the row is there now)",
			describeUpdate(update), pass.Fset.Position(insert.Pos()).Line),
		Related: []analysis.RelatedInformation{{Pos: insert.Pos(), Message: "insert that runs when the update found no row"}},
		URL:     apis.RuntimeClaimURL,
	})
}

// describeUpdate names the update for the message: its table, or the
// method that runs it.
func describeUpdate(op *dataaccess.Op) string {
	switch {
	case op.SQL != nil && op.SQL.Table != "" && op.SQL.Table != "_": // "_": a table named by a variable
		return "the update of " + op.SQL.Table
	case op.Callee != nil:
		return "the update " + op.Callee.Name()
	}
	return "the update"
}
