package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A record saved whole writes back every column as it was read; whether
// that undoes another request's change depends on which columns the
// rest of the program writes, often in packages the save's package never
// imports. Each package lists the columns its own request code writes,
// as a package fact; a package reads its own list and its dependencies'.

// ColumnWrites lists the columns a package's code writes on purpose: the
// columns its updates name, and the fields it assigns in a record before
// saving it whole.
type ColumnWrites struct {
	Writes []ColumnWrite
}

// ColumnWrite is one column one function writes.
type ColumnWrite struct {
	Table  string // normalized, as Resource.Table
	Column string // normalized (see dataaccess.NormalizeColumn)
	Name   string // the column as the write spells it: otp_active, OTPActive
	Func   string // the writing function, to tell a save from its own writes
	Where  string // the write, for the message: "EnableOTP (user.go:205)"
}

func (*ColumnWrites) AFact() {}

func (w *ColumnWrites) String() string { return fmt.Sprintf("columnwrites(%d)", len(w.Writes)) }

// columnWriteFacts exports ColumnWrites, a pass of its own for the same
// reason as passedGateFacts.
var columnWriteFacts = &analysis.Analyzer{
	Name:       "checkthenactcolumns",
	Doc:        "export the columns the package's code writes on purpose",
	Requires:   []*analysis.Analyzer{dataaccess.Analyzer},
	Run:        exportColumnWrites,
	FactTypes:  []analysis.Fact{(*ColumnWrites)(nil)},
	ResultType: reflect.TypeOf((*columnWriters)(nil)),
}

// columnWriters is columnWriteFacts's result: the column writes of the
// package and of its dependencies, by table, and for each whole save of
// a record read in this package the fields its code assigns first
// (normalized; absent when none, or when what fills the record is not
// known).
type columnWriters struct {
	byTable  map[string][]ColumnWrite
	assigned map[*dataaccess.Op][]string
}

func exportColumnWrites(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	writers := &columnWriters{byTable: map[string][]ColumnWrite{}, assigned: map[*dataaccess.Op][]string{}}
	var own []ColumnWrite
	for _, op := range model.Ops {
		if op.Resource.Table == "" || passutil.InTestFile(pass.Fset, op.Pos()) || model.IsStartup(op) {
			continue
		}
		cols, ok := dataaccess.WrittenColumns(op)
		if !ok {
			// A record read and saved whole writes what it assigns over
			// the stored row; one built fresh and saved is a new row, no
			// change to anyone's.
			if rec, _, whole := dataaccess.SavedWhole(op); whole && !builtFresh(model, op, rec) {
				cols, ok = assignedFields(model, op, rec)
				if ok {
					writers.assigned[op] = normalizedColumns(cols)
					// What a create writes, or a copy of the row just
					// read, changes no row another save could revert.
					refreshed := refreshedFields(model, op, rec)
					cols = slices.DeleteFunc(slices.Clone(cols), func(c string) bool { return refreshed[c] })
					ok = !savedWhereAbsent(model, op)
				}
			}
		}
		if !ok {
			continue
		}
		for _, c := range cols {
			own = append(own, ColumnWrite{Table: op.Resource.Table, Column: dataaccess.NormalizeColumn(c), Name: c, Func: op.Fn.String(), Where: writerAt(pass, op)})
		}
	}
	if len(own) > 0 {
		pass.ExportPackageFact(&ColumnWrites{Writes: own})
	}
	for _, w := range own {
		writers.byTable[w.Table] = append(writers.byTable[w.Table], w)
	}
	for _, pf := range pass.AllPackageFacts() {
		if cw, ok := pf.Fact.(*ColumnWrites); ok && pf.Package != pass.Pkg {
			for _, w := range cw.Writes {
				writers.byTable[w.Table] = append(writers.byTable[w.Table], w)
			}
		}
	}
	return writers, nil
}

// normalizedColumns returns the fields spelled as columns (see
// dataaccess.NormalizeColumn), sorted.
func normalizedColumns(fields []string) []string {
	out := make([]string, 0, len(fields))
	for _, f := range fields {
		out = append(out, dataaccess.NormalizeColumn(f))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// assignedOnSomePaths returns the fields the code assigns in the record
// on some paths to the save only, one store each that does not run
// before the save on every path (if req.Name != "" { u.Name = req.Name }):
// a call that does not take that path writes the field back as read,
// over another call's assignment of it.
func assignedOnSomePaths(save *dataaccess.Op, rec ssa.Value) []string {
	root := dataaccess.RootPath(rec)
	if !root.Valid() || root.Fields != "" || root.Base.Referrers() == nil {
		return nil
	}
	stores := map[string][]*ssa.Store{}
	var names []string
	for _, st := range fieldStoresReaching([]ssa.Value{root.Base}, save) {
		fa := st.Addr.(*ssa.FieldAddr)
		name := ssautil.FieldName(fa.X.Type(), fa.Field)
		if stores[name] == nil {
			names = append(names, name)
		}
		stores[name] = append(stores[name], st)
	}
	loc, ok := locate(save.Instr, save.Instr.Parent())
	if !ok {
		return nil
	}
	var out []string
	for _, name := range names {
		if sts := stores[name]; len(sts) == 1 && !ssautil.Before(sts[0], loc) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// assignedFields returns the fields the code assigns in the record
// before save writes it whole: its own stores on some path to the save,
// the fields whose address it hands to a call, and what the module's
// functions handed the record assign (their FieldWrites facts). False when something may
// assign it that the analysis cannot see: a library or an interface
// handed it (json.Unmarshal, c.BindJSON), the whole record replaced, or
// a function known to assign every field.
func assignedFields(model *dataaccess.Result, save *dataaccess.Op, rec ssa.Value) ([]string, bool) {
	root := dataaccess.RootPath(rec)
	if !root.Valid() || root.Fields != "" || root.Base.Referrers() == nil {
		return nil, false // a global's record: not one the code read and holds
	}
	records := []ssa.Value{root.Base}
	var fields []string
	for _, st := range fieldStoresReaching(records, save) {
		fa := st.Addr.(*ssa.FieldAddr)
		fields = append(fields, ssautil.FieldName(fa.X.Type(), fa.Field))
	}
	fn := save.Instr.Parent()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || instr == save.Instr || !ssautil.Reachable(instr, save.Instr) {
				continue
			}
			if op := model.ByInstr[instr]; op != nil {
				continue // a read that fills it, or another write: no assignment of the code's
			}
			fields = append(fields, fieldsHandedByAddress(call.Common(), records)...)
			handed := handedRecord(call.Common(), records)
			if handed < 0 {
				continue
			}
			assigned, known := fieldsAssignedBy(model, call.Common(), handed)
			if !known {
				return nil, false
			}
			fields = append(fields, assigned...)
		}
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && slices.Contains(records, st.Addr) && ssautil.Reachable(st, save.Instr) {
				return nil, false // u = other: every field replaced
			}
		}
	}
	slices.Sort(fields)
	fields = slices.Compact(fields)
	return fields, len(fields) > 0
}

// builtFresh reports whether the record save writes is made in its
// function (u := &User{...}, new(User)) and filled by no read there: a
// new row.
func builtFresh(model *dataaccess.Result, save *dataaccess.Op, rec ssa.Value) bool {
	root := dataaccess.RootPath(rec)
	if _, local := root.Base.(*ssa.Alloc); !root.Valid() || !local {
		return false
	}
	return readOfRecord(model, save, rec) == nil
}

// refreshedFields returns the fields the code assigns in the record only
// by copying the same field of a record of its type that its function
// read (h.HostPass = current.HostPass after current.Get): the stored
// value written back, no change of the code's own for a stale save
// elsewhere to revert.
func refreshedFields(model *dataaccess.Result, save *dataaccess.Op, rec ssa.Value) map[string]bool {
	var read []ssa.Value
	for _, op := range model.ByFunc[save.Fn] {
		if op.Kind.IsCheck() && op.Resource.Table == save.Resource.Table {
			read = append(read, recordValues(op)...)
		}
	}
	root := dataaccess.RootPath(rec)
	refreshed, changed := map[string]bool{}, map[string]bool{}
	for _, st := range fieldStoresReaching([]ssa.Value{root.Base}, save) {
		fa := st.Addr.(*ssa.FieldAddr)
		name := ssautil.FieldName(fa.X.Type(), fa.Field)
		load, ok := st.Val.(*ssa.UnOp)
		from, isField := ssa.Value(nil), false
		if ok && load.Op == token.MUL {
			if src, ok := load.X.(*ssa.FieldAddr); ok && src.Field == fa.Field && types.Identical(src.X.Type(), fa.X.Type()) {
				from, isField = src.X, true
			}
		}
		if base := dataaccess.RootPath(from).Base; isField && base != root.Base && slices.Contains(read, base) {
			refreshed[name] = true
		} else {
			changed[name] = true
		}
	}
	for name := range changed {
		delete(refreshed, name)
	}
	return refreshed
}

// savedWhereAbsent reports whether the save runs only where a lookup
// of its table before it found no row (CreateHost: Get, ErrHostExists
// when found, then Save): it writes a new row, over no one's change. A
// found row must not reach the save on any path (a lookup of another
// row by the same name, refused only when its id differs, lets the
// edited row itself through).
func savedWhereAbsent(model *dataaccess.Result, save *dataaccess.Op) bool {
	for _, check := range model.ByFunc[save.Fn] {
		if !check.Kind.IsCheck() || check.Resource.Table != save.Resource.Table || !ssautil.Before(check.Instr, save.Instr) ||
			!inRegion(save.Instr, save.Fn, absentBranches(check)) {
			continue
		}
		if !slices.ContainsFunc(presentBranches(check), func(b *ssa.BasicBlock) bool { return ssautil.BlockReaches(b, save.Instr) }) {
			return true
		}
	}
	return false
}

// fieldsHandedByAddress returns the fields of the record whose address
// the call is handed (apply(&u.Name, body.Name), fmt.Sscan(s, &u.Age)):
// the callee may assign them.
func fieldsHandedByAddress(c *ssa.CallCommon, records []ssa.Value) []string {
	var out []string
	for _, a := range c.Args {
		if fa, ok := dataaccess.Unwrap(a).(*ssa.FieldAddr); ok && slices.Contains(records, fa.X) {
			out = append(out, ssautil.FieldName(fa.X.Type(), fa.Field))
		}
	}
	return out
}

// handedRecord returns the index among the call's SSA arguments (the
// receiver first) of the record, handed by pointer (also inside an
// interface: copier.Copy(&u, req)), or -1.
func handedRecord(c *ssa.CallCommon, records []ssa.Value) int {
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, c.Args...)
	}
	for i, a := range args {
		if p := dataaccess.RootPath(a); p.Valid() && p.Fields == "" && slices.Contains(records, p.Base) && isPointer(dataaccess.Unwrap(a).Type()) {
			return i
		}
	}
	return -1
}

// fieldsAssignedBy returns the fields a call assigns in the record it is
// handed as argument i, from the callee's FieldWrites; known is false for
// a callee the analysis has no facts for (a library, an interface).
func fieldsAssignedBy(model *dataaccess.Result, c *ssa.CallCommon, i int) (fields []string, known bool) {
	if c.IsInvoke() {
		return nil, false
	}
	f := c.StaticCallee()
	if f == nil {
		return nil, false
	}
	obj, _ := f.Object().(*types.Func)
	w, ok := model.FieldWritesOf(obj)
	if !ok {
		return nil, false
	}
	if w == nil {
		return nil, true // the module's own code, assigning nothing of it
	}
	p, ok := w.Param(i)
	if !ok {
		return nil, true
	}
	if p.All || p.Columns {
		return nil, false
	}
	return slices.Concat(p.Fields, p.Sets), true
}

// writerAt names the function of a write and the write's position, for
// a message read in another package: "EnableOTP (security.go:8)". A
// closure is named by the function around it.
func writerAt(pass *analysis.Pass, op *dataaccess.Op) string {
	fn := op.Fn
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	pos := pass.Fset.Position(op.Pos())
	return fmt.Sprintf("%s (%s:%d)", fn.Name(), filepath.Base(pos.Filename), pos.Line)
}

// describeWrites names up to three of the writes, for a message.
func describeWrites(ws []ColumnWrite) string {
	var parts []string
	for _, w := range ws {
		if slices.Contains(parts, w.Where) {
			continue
		}
		if len(parts) == 3 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, w.Where)
	}
	return strings.Join(parts, ", ")
}
