package checkthenact

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A value that should be unique (an external identity bound to an
// account, an e-mail changed to a new address) checked free and then
// written onto an existing row races like a check-then-insert, with an
// update as the write: two accounts binding one GitHub id both find no
// user holding it, and both save it onto their own user. Two rows hold
// it; with no unique index nothing ever says so.

// bindRaces reports, for every check that no racingWrite reported, a
// write on its absent branch that saves a record of the checked table
// carrying the checked value: the check's argument is a field of that
// record, or the branch stores the argument into one of its fields.
func bindRaces(pass *analysis.Pass, judge *Judge) {
	ops := judge.model.Ops
	for _, check := range ops {
		if !check.Kind.IsCheck() || dataaccess.KeyValue(check) || judge.NoTwin(check) || judge.FreshKey(check) || judge.ReportsRace(check) {
			continue
		}
		if w := bindingWrite(check, ops, judge.callers); w != nil {
			reportBind(pass, check, w)
		}
	}
}

// bindingWrite returns the first write on check's absent branch that
// saves a record carrying the checked value, or nil.
func bindingWrite(check *dataaccess.Op, ops []*dataaccess.Op, callers *callers) *dataaccess.Op {
	region := absentBranches(check)
	if len(region) == 0 {
		return nil
	}
	for _, w := range ops {
		if !writesBackRow(w) || !dataaccess.SameResource(check.Resource, w.Resource) || !inRegion(w.Instr, check.Fn, region) ||
			selectedByChecked(check, w) {
			continue
		}
		carries := false
		for _, rec := range savedRecords(w) {
			carries = carries || carriesChecked(check, rec) && !newRecord(rec, check.Fn, region, ops)
		}
		if carries && !guarded(check, w, ops) && !callers.lockedFirst(check, ops) {
			return w
		}
	}
	return nil
}

// writesBackRow reports whether w overwrites an existing row, not only
// from the state its caller expects (a state-guarded update's rows
// affected tells who won): an update, a Save, or a helper that writes.
func writesBackRow(w *dataaccess.Op) bool {
	if w.StateGuard || w.Summary != nil && w.Summary.StateGuard {
		return false
	}
	if w.Summary != nil {
		return w.Summary.Writes && w.Kind != apis.Insert && w.Kind != apis.Delete && !w.Kind.IsAtomicInsert()
	}
	return dataaccess.WritesBack(w)
}

// savedRecords returns the records w writes back: the parameter a
// helper saves, the receiver of a method that writes (user.Update()), or
// what an ORM update is handed. Of a read, the same places are the
// records it fills (user.FillById(), db.First(&u)).
func savedRecords(w *dataaccess.Op) []ssa.Value {
	c := w.Call()
	switch {
	case c == nil:
		return nil
	case w.Summary != nil && w.Summary.SavesParam >= 0:
		return []ssa.Value{dataaccess.Arg(c, w.Summary.SavesParam)}
	case w.Summary != nil && !c.IsInvoke() && c.Signature().Recv() != nil && len(c.Args) > 0:
		return []ssa.Value{c.Args[0]}
	case w.Summary == nil:
		return w.Inputs()
	}
	return nil
}

// newRecord reports whether the record rec is made on the branch itself
// and no read fills it (db.Save(&User{ID: id, Email: email}) after the
// check): a new row, whose save racingWrite judges as an insert or an
// upsert, not an existing row the value is put on (user := User{Id: id};
// user.FillById() loads one).
func newRecord(rec ssa.Value, fn *ssa.Function, region []*ssa.BasicBlock, ops []*dataaccess.Op) bool {
	base := dataaccess.RootPath(rec).Base
	instr, ok := base.(ssa.Instruction)
	if !ok || !inRegion(instr, fn, region) {
		return false
	}
	for _, r := range ops {
		if r.Kind == apis.Read && r.Fn == instr.Parent() && slices.ContainsFunc(savedRecords(r), func(v ssa.Value) bool {
			return dataaccess.RootPath(v).Base == base
		}) {
			return false
		}
	}
	return true
}

// carriesChecked reports whether the record rec holds the value check
// looked for: the check's argument is one of rec's fields
// (IsTaken(user.GitHubId), then user.Update()), or a field of rec is set
// to the argument (u.Email = email, then UpdateUser(u)).
func carriesChecked(check *dataaccess.Op, rec ssa.Value) bool {
	saved := dataaccess.RootPath(rec)
	if !saved.Valid() || saved.Fields != "" {
		return false
	}
	for _, in := range checkedValues(check) {
		if p := dataaccess.RootPath(in); p.Valid() && p.Base == saved.Base && p.Fields != "" {
			return true
		}
		for _, ref := range *saved.Base.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			for _, st := range *fa.Referrers() {
				if st, ok := st.(*ssa.Store); ok && st.Addr == fa && dataaccess.SameValue(st.Val, in) {
					return true
				}
			}
		}
	}
	return false
}

// selectedByChecked reports whether the write picks its row by the value
// the check found free (ReplaceOne({_id: o.RequestID}, o) after FindOne
// by that _id: testdata/realworld's PlaceOrderReplace): on the branch
// where no row holds it, the write finds none to put it on.
func selectedByChecked(check, w *dataaccess.Op) bool {
	for _, x := range checkedValues(check) {
		if slices.ContainsFunc(w.Inputs(), func(y ssa.Value) bool { return sameField(x, y) }) {
			return true
		}
	}
	return false
}

// checkedValues returns what check looked for: its inputs, and the
// arguments it was called with as they are. An input is traced back
// through the helper that made it (a WeChat id fetched by a code is keyed
// by the code), while the record is handed the helper's result.
func checkedValues(check *dataaccess.Op) []ssa.Value {
	values := check.Inputs()
	if c := check.Call(); c != nil {
		for _, a := range c.Args {
			values = append(values, dataaccess.Unwrap(a))
		}
	}
	// The row a uniqueness check leaves out (checkNameUnique(name, t.ID):
	// id <> ?) is the row the caller writes, not a value looked for.
	if c := check.Call(); c != nil && check.Summary != nil {
		for _, i := range check.Summary.ExcludeParams {
			excluded := dataaccess.Arg(c, i)
			values = slices.DeleteFunc(values, func(v ssa.Value) bool {
				return excluded != nil && (v == excluded || dataaccess.Unwrap(v) == dataaccess.Unwrap(excluded))
			})
		}
	}
	return values
}

func reportBind(pass *analysis.Pass, check, write *dataaccess.Op) {
	line := pass.Fset.Position(write.Pos()).Line
	row := "an existing row"
	if check.Resource.Table != "" {
		row = fmt.Sprintf("an existing %s row", check.Resource.Table)
	}
	pass.Report(analysis.Diagnostic{
		Pos: check.Pos(),
		Message: fmt.Sprintf("check-then-bind race: %s finds the value free and the write at line %d puts it on %s in a separate step, so two concurrent callers can both see it free and both write it: two rows hold it (make the column unique and answer its violation, or write it in one step: UPDATE ... WHERE NOT EXISTS with rows affected, or runtime/claim)",
			describe(check), line, row),
		Related: []analysis.RelatedInformation{{Pos: write.Pos(), Message: "write of the checked value that runs when the check finds it free"}},
		URL:     apis.RuntimeClaimURL,
	})
}
