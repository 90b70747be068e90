package checkthenact

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A record read in one step and saved whole in another writes every
// column back as it was read, the columns the code never touched
// included:
//
//	u, _ := users.GetByID(id)   // otp_active = false
//	u.Email = req.Email
//	db.Save(u)                  // otp_active = false again
//
// Another request that sets one of those columns in between (EnableOTP
// sets otp_active) is undone, with no error anywhere: a lost update.
// Reported only where the program writes such a column elsewhere on
// purpose (an update naming it, or a save after assigning it), so that
// the save is known to revert a change someone makes.

// staleSaves reports each read whose record is saved whole later in its
// function, unlocked, over a column another function of the program
// writes and this one does not assign.
func staleSaves(pass *analysis.Pass, judge *Judge, writers *columnWriters, reported map[*dataaccess.Op]bool) {
	model := judge.model
	for _, save := range model.Ops {
		rec, omitted, ok := dataaccess.SavedWhole(save)
		if !ok || save.Resource.Table == "" || passutil.InTestFile(pass.Fset, save.Pos()) || model.IsStartup(save) {
			continue
		}
		read := readOfRecord(model, save, rec)
		if read == nil || reported[read] || judge.NoTwin(read) || judge.FreshKey(read) || lockedAcross(read, save, model.Ops) {
			continue
		}
		assigned, known := writers.assigned[save]
		if !known {
			continue // nothing assigned, or the record filled where the analysis cannot see
		}
		writes := append(slices.Clone(writers.byTable[save.Resource.Table]), ownSomePathWrites(pass, save, rec)...)
		if reverted := revertedWrites(writes, save, rec, assigned, omitted); len(reverted) > 0 {
			reportStaleSave(pass, read, save, reverted)
			reported[read] = true
		}
	}
}

// readOfRecord returns the read, before save in its function, that
// loaded the record save writes back, or nil (a record passed in).
func readOfRecord(model *dataaccess.Result, save *dataaccess.Op, rec ssa.Value) *dataaccess.Op {
	root := dataaccess.RootPath(rec)
	if !root.Valid() || root.Fields != "" {
		return nil
	}
	for _, op := range model.ByFunc[save.Fn] {
		if op.Kind.IsCheck() && op.Instr.Parent() == save.Instr.Parent() && ssautil.Before(op.Instr, save.Instr) && slices.Contains(recordValues(op), root.Base) {
			return op
		}
	}
	return nil
}

// lockedAcross reports whether nothing can write the row between the
// read and the save: the read locked it, a transaction or a mutex
// serialises the two, or a guarded transition let only one caller on.
func lockedAcross(read, save *dataaccess.Op, ops []*dataaccess.Op) bool {
	if readSerialised(read, ops) || wonGuardBefore(read, save.Instr, ops) {
		return true
	}
	held, _ := mutexHeldAcross(read.Instr, save.Instr)
	return held
}

// ownSomePathWrites stands for the other calls of the save's own
// function that take a path assigning a field this call may not
// (assignedOnSomePaths): two partial edits, each writing back the field
// the other set.
func ownSomePathWrites(pass *analysis.Pass, save *dataaccess.Op, rec ssa.Value) []ColumnWrite {
	var out []ColumnWrite
	for _, f := range assignedOnSomePaths(save, rec) {
		out = append(out, ColumnWrite{Table: save.Resource.Table, Column: dataaccess.NormalizeColumn(f), Name: f, Where: "another call of " + writerAt(pass, save) + " that sets it"})
	}
	return out
}

// revertedWrites returns the writes of columns the save writes back
// unassigned, by other functions or by other calls of its own that
// assign them on another path (Func empty): a field of the record, not
// left out of the save, not a key or a timestamp the ORM keeps.
func revertedWrites(writes []ColumnWrite, save *dataaccess.Op, rec ssa.Value, assigned, omitted []string) []ColumnWrite {
	columns := recordColumns(dataaccess.Unwrap(rec).Type())
	var out []ColumnWrite
	seen := map[string]bool{}
	for _, w := range writes {
		if w.Func == save.Fn.String() || seen[w.Column] || !columns[w.Column] || ormKept[w.Column] || slices.Contains(omitted, w.Column) {
			continue
		}
		if w.Func != "" && slices.Contains(assigned, w.Column) {
			continue
		}
		seen[w.Column] = true
		out = append(out, w)
	}
	slices.SortFunc(out, func(a, b ColumnWrite) int { return strings.Compare(a.Column, b.Column) })
	return out
}

// ormKept are the columns an ORM sets itself on a save, normalized: the
// key, and the timestamps.
var ormKept = map[string]bool{"id": true, "createdat": true, "updatedat": true, "deletedat": true}

// recordColumns returns the fields of the record's struct that are
// columns, its embedded structs' included, normalized: not one its tags
// leave out (gorm:"-", xorm:"-", db:"-") nor a relation the ORM loads from
// another table (a struct of the module, a list of anything but bytes).
func recordColumns(t types.Type) map[string]bool {
	out := map[string]bool{}
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		for range 2 {
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || depth > 3 {
			return
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if f.Embedded() {
				walk(f.Type(), depth+1)
				continue
			}
			if !notAColumn(f.Type(), st.Tag(i)) {
				out[dataaccess.NormalizeColumn(f.Name())] = true
			}
		}
	}
	walk(t, 0)
	return out
}

func reportStaleSave(pass *analysis.Pass, read, save *dataaccess.Op, reverted []ColumnWrite) {
	var cols []string
	for _, w := range reverted {
		cols = append(cols, w.Name)
	}
	pass.Report(analysis.Diagnostic{
		Pos: read.Pos(),
		Message: fmt.Sprintf("lost update: the %s row read here is saved whole at line %d with every column as read, %s among them, which %s also write: a change they make between this read and the save is reverted (save only the columns this code changes, gorm's Select(...).Updates or xorm's Cols(...), or read the row FOR UPDATE in the save's transaction)",
			save.Resource.Table, pass.Fset.Position(save.Pos()).Line, strings.Join(cols, ", "), describeWrites(reverted)),
		Related: []analysis.RelatedInformation{{Pos: save.Pos(), Message: "the save of the whole record"}},
	})
}

// notAColumn reports whether a field of a record is kept out of its row:
// a tag that says so, or a relation (a record of the module, a list).
func notAColumn(t types.Type, tag string) bool {
	st := reflect.StructTag(tag)
	for _, key := range []string{"gorm", "xorm", "db", "bun", "sql"} {
		if v := st.Get(key); v == "-" || strings.HasPrefix(v, "-;") || strings.HasPrefix(v, "-:") {
			return true
		}
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return !ok || b.Kind() != types.Byte
	case *types.Struct:
		return isRecordType(t) && !strings.Contains(st.Get("gorm"), "serializer") && !strings.Contains(st.Get("gorm"), "type:")
	}
	return false
}
