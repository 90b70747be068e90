package checkthenact

import (
	"fmt"
	"go/constant"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// gorm's FirstOrCreate is a check and an insert in one call: it SELECTs
// the row and, when none is found, INSERTs it, in two statements. Two
// callers that run it at once both miss and both insert. What the second
// insert does then depends on the schema, as for the ON CONFLICT fix: a
// unique key covering the looked-up columns fails it (the loser gets a
// unique violation, which is the race's only harm when the code answers
// it as "already there", and none at all then), and without one both
// rows are stored.

// lookupCover is what the schema makes of a find-or-create's second
// insert.
type lookupCover int

const (
	coverUnknown   lookupCover = iota // the model or the looked-up columns cannot be told
	coverUnique                       // a unique key covers them: the loser fails
	coverDuplicate                    // none does: both rows are stored
)

// findOrCreateRace describes one racing find-or-create for the message.
type findOrCreateRace struct {
	op    *dataaccess.Op
	model string
	cols  []string
	key   []string // the covering unique key, for coverUnique
	cover lookupCover
	table string
}

// findOrCreateRaces reports every find-or-create that a twin can run at
// the same time, that nothing serialises, and whose second insert either
// stores a duplicate or fails with an error the code hands on as a
// failure.
func findOrCreateRaces(pass *analysis.Pass, judge *Judge) {
	ops := judge.model.Ops
	for _, op := range ops {
		if op.Kind != apis.FindOrCreate || judge.NoTwin(op) || judge.FreshKey(op) {
			continue
		}
		if guarded(op, op, ops) || judge.callers.lockedFirst(op, ops) {
			continue // a mutex, an advisory lock, SERIALIZABLE or a parent row locked first
		}
		race := describeLookup(pass, op)
		if race.cover != coverDuplicate {
			if !errorSurfaces(op) {
				continue // the loser's violation is dropped: nothing doubled, nothing failed
			}
			if answered, _ := judge.callers.duplicateAnswered(op, op); answered {
				continue // the unique violation is the "already there" outcome
			}
		}
		reportFindOrCreate(pass, race)
	}
}

// describeLookup reads the model a find-or-create fills, the columns it
// looks the row up by, and the unique keys that cover them.
func describeLookup(pass *analysis.Pass, op *dataaccess.Op) findOrCreateRace {
	race := findOrCreateRace{op: op}
	call := op.Call()
	if call == nil || len(call.Args) < 2 {
		return race
	}
	model := modelStruct(dataaccess.Unwrap(call.Args[1]).Type())
	if model == nil {
		return race
	}
	race.model = model.Obj().Name()
	race.cols = lookupColumns(call)
	race.table = dataaccess.PluralTable(race.model)
	if len(race.cols) == 0 {
		return race
	}
	for _, key := range gormUniqueKeys(model.Underlying().(*types.Struct)) {
		if subset(key, race.cols) {
			race.cover, race.key = coverUnique, key
			return race
		}
	}
	answer := schemaOf(pass, race.table)
	if answer.Unread {
		return race
	}
	if answer.Table != nil {
		for _, u := range answer.Table.Unique {
			if !u.Partial && subset(u.Columns, race.cols) {
				race.cover, race.key = coverUnique, u.Columns
				return race
			}
			if u.Partial && subset(u.Columns, race.cols) {
				return race // whether the row falls under the index's WHERE cannot be told
			}
		}
	}
	race.cover = coverDuplicate
	return race
}

// lookupColumns returns the columns a find-or-create sets equal to a
// value: its conditions (a struct, or "key = ?" text), those of the
// Where calls on its chain, or, with no condition at all, the fields set
// in the record it fills (gorm then looks the row up by its primary key).
func lookupColumns(call *ssa.CallCommon) []string {
	var cols []string
	if len(call.Args) > 2 {
		// The first condition is the query; the rest are its values.
		if conds := dataaccess.VariadicElems(call.Args[2]); len(conds) > 0 {
			cols = conditionCols(conds[0])
		}
	}
	for c := chainedCall(call); c != nil; c = chainedCall(&c.Call) {
		if f := c.Call.StaticCallee(); f != nil && f.Name() == "Where" && len(c.Call.Args) > 1 {
			cols = append(cols, conditionCols(c.Call.Args[1])...)
		}
	}
	if len(cols) == 0 {
		cols = setColumns(call.Args[1])
	}
	return cols
}

// chainedCall returns the builder call whose result is call's receiver
// (the Where of db.Where(...).FirstOrCreate(&x)), or nil.
func chainedCall(call *ssa.CallCommon) *ssa.Call {
	f := call.StaticCallee()
	if f == nil || f.Signature.Recv() == nil || len(call.Args) == 0 {
		return nil
	}
	prev, _ := call.Args[0].(*ssa.Call)
	return prev
}

// conditionCols reads the columns of one gorm condition: the fields a
// struct condition sets, or the "col = ?" terms of a text condition.
func conditionCols(v ssa.Value) []string {
	v = dataaccess.Unwrap(v)
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
		return columnsEqualToValue(constant.StringVal(c.Value))
	}
	return setColumns(v)
}

// setColumns returns the columns of the fields stored into a struct
// record (a composite literal, by value or by pointer): what gorm puts in
// the WHERE of a struct condition, its non-zero fields.
func setColumns(v ssa.Value) []string { return setColumnsDepth(v, 0) }

func setColumnsDepth(v ssa.Value, depth int) []string {
	v = dataaccess.Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok {
		v = load.X // Option{Key: k} passed by value: the local it was built in
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	st, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var cols []string
	for _, ref := range *alloc.Referrers() {
		if whole, ok := ref.(*ssa.Store); ok && whole.Addr == alloc {
			if load, ok := whole.Val.(*ssa.UnOp); ok && depth < 2 {
				cols = append(cols, setColumnsDepth(load.X, depth+1)...) // m := Member{ID: id}: built in a local, then copied
			}
			continue
		}
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || !storedTo(fa) {
			continue
		}
		field := st.Field(fa.Field)
		cols = append(cols, taggedColumn(field.Name(), reflect.StructTag(st.Tag(fa.Field))))
	}
	return cols
}

// storedTo reports whether some instruction stores into the field.
func storedTo(fa *ssa.FieldAddr) bool {
	for _, r := range *fa.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == fa {
			return true
		}
	}
	return false
}

// taggedColumn is a field's column: its gorm column tag, or gorm's default.
func taggedColumn(field string, tag reflect.StructTag) string {
	for _, part := range strings.Split(tag.Get("gorm"), ";") {
		if k, v, _ := strings.Cut(strings.TrimSpace(part), ":"); strings.EqualFold(k, "column") {
			return v
		}
	}
	return dataaccess.ColumnName(field)
}

// errorSurfaces reports whether the find-or-create's error is read: a
// unique violation that nobody reads is dropped, and the loser goes on.
func errorSurfaces(op *dataaccess.Op) bool {
	call, ok := op.Instr.(*ssa.Call)
	if !ok {
		return false
	}
	for _, r := range *call.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && ssautil.FieldName(fa.X.Type(), fa.Field) == "Error" {
			return true
		}
	}
	return false
}

func reportFindOrCreate(pass *analysis.Pass, race findOrCreateRace) {
	what := "the row"
	if race.model != "" {
		what = race.model
	}
	pass.Report(analysis.Diagnostic{
		Pos: race.op.Pos(),
		Message: fmt.Sprintf("check-then-act race: FirstOrCreate looks %s up and inserts it in two statements, so two concurrent callers can both miss it and both insert; %s",
			what, lookupOutcome(race)),
		URL: apis.RuntimeClaimURL,
	})
}

// lookupOutcome says what the schema makes of the second insert of a
// find-or-create, and the one-step form.
func lookupOutcome(race findOrCreateRace) string {
	conditional := "add Clauses(clause.OnConflict{DoNothing: true}) and read RowsAffected"
	if !apis.HasGormClauses(race.op.Callee.Pkg().Path()) {
		conditional = "insert with ON CONFLICT DO NOTHING and read rows affected"
	}
	switch race.cover {
	case coverUnique:
		return fmt.Sprintf("the unique key (%s) fails the second insert, and its error is handed on as a failure (answer the unique violation as \"already there\", or %s)",
			strings.Join(race.key, ", "), conditional)
	case coverDuplicate:
		return fmt.Sprintf("no unique key of %s covers (%s) (a gorm uniqueIndex tag or a constraint in the module's schema), so both rows are stored (add one: %s; then %s)",
			race.model, strings.Join(race.cols, ", "), createIndex(race.table, race.cols), conditional)
	}
	return fmt.Sprintf("either a unique key fails the second insert with an error handed on as a failure, or both rows are stored (with a unique key on what it looks up, %s)", conditional)
}
