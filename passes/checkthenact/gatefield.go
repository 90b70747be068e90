package checkthenact

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A status gate's state write moves the record past the tested state. A
// write of the whole record (gorm Save(order), xorm Update(&bean), a
// helper that saves the record it is passed) writes whatever its fields
// hold, so it moves the state only when something assigns the tested
// field first. A test of a field nothing assigns (an access check, a
// configuration check such as order.PaymentProcessor == "") is a
// precondition, not a transition: both callers write back the value they
// read, and the same Save after o.State = "paid" is the state write.

// writesTestedField reports whether the write can change the field the
// gate tests. Only a whole-record write is judged; a column write and a
// test of no named field (a predicate, a scanned column) count as
// writing it. A helper that saves the record says what it assigns on the
// way through its FieldWrites, in this package or another; a helper
// whose body cannot be known (an interface's, a func value) assigns
// nothing that can be seen, and then only the caller's own assignment
// makes the save a transition.
func writesTestedField(model *dataaccess.Result, g gate, write *dataaccess.Op) bool {
	if g.field == "" {
		g.field = predicateField(model, g)
	}
	recTypes := recordTypes(g.records)
	if g.field != "" && (namesOtherField(write, g.field, g.records) || listsOtherColumns(write, g.field) || setsOtherFields(model, write, g)) {
		return false
	}
	if g.field == "" || len(recTypes) == 0 {
		return true
	}
	if !savesWholeRecord(g.records, write) && !savesOtherCopy(write, g.records, recTypes) {
		return true
	}
	if write.Summary != nil && helperAssigns(model, write, g.field) {
		return true
	}
	scope := []*ssa.Function{g.fn}
	for outer := g.fn.Parent(); outer != nil; outer = outer.Parent() {
		scope = append(scope, outer) // a closure's record is often assigned by the function around it
	}
	a := fieldAssigner{model: model, field: g.field, types: recTypes, records: g.records, seen: map[*ssa.Function]bool{}}
	return slices.ContainsFunc(scope, func(fn *ssa.Function) bool { return a.mayAssign(fn, 0) })
}

// predicateField returns the field that the record's predicate the gate
// branches on tests (!u.IsLocalUser(): Issuer), or "".
func predicateField(model *dataaccess.Result, g gate) string {
	if g.ifi == nil {
		return "" // a pending list's gate: no branch of its own
	}
	cond := g.ifi.Cond
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		cond = not.X
	}
	call, ok := cond.(*ssa.Call)
	if !ok || call.Call.StaticCallee() == nil {
		return ""
	}
	obj, _ := call.Call.StaticCallee().Object().(*types.Func)
	return model.PredicateFieldOf(obj)
}

// setsOtherFields reports whether the write updates a row from a literal
// that leaves the tested field alone: in the gate's function
// (Update(&User{Password: h})) or in a helper handed the record (its
// FieldWrites name the fields it sets, and it writes the row no other
// way).
func setsOtherFields(model *dataaccess.Result, write *dataaccess.Op, g gate) bool {
	if fields, ok := dataaccess.UpdatedFields(write); ok {
		return !slices.Contains(fields, g.field)
	}
	call := write.Call()
	if write.Summary == nil || call == nil || call.StaticCallee() == nil {
		return false
	}
	obj, _ := call.StaticCallee().Object().(*types.Func)
	w, _ := model.FieldWritesOf(obj)
	if w == nil {
		return false
	}
	for i, arg := range call.Args {
		if p, ok := w.Param(i); ok && slices.Contains(g.records, arg) {
			return len(p.Sets) > 0 && !w.Assigns(i, g.field)
		}
	}
	return false
}

// namesOtherField reports whether a write keyed by the record's ID, not
// handed the record, says by its name that it updates another field of
// the record than the tested one: UpdatePostTime (PostUpdateTime) or
// UpdateAnswerCount (AnswerCount) after a test of Status, a precondition
// (the question is open, so an answer is added), where UpdateStatus or
// UpdateQuestionStatus is the transition; a setter says it too
// (SetUserLibraries after a test of IsAdmin). A name that says no more
// than the record (UpdateQuestion, UpdateByID) may write anything.
func namesOtherField(write *dataaccess.Op, field string, records []ssa.Value) bool {
	if write.SQL != nil || write.Callee == nil || passesRecord(records, write) || savesRecord(records, write) {
		return false
	}
	what, ok := fieldSetterSubject(write.Callee.Name())
	if !ok || strings.HasPrefix(what, "By") {
		return false
	}
	what = apis.TrimQualifier(what)
	recTypes := recordTypes(records)
	for _, t := range recTypes {
		what = strings.TrimPrefix(what, t.Obj().Name())
	}
	named := apis.SplitWords(what)
	if len(named) == 0 || slices.ContainsFunc(named, func(w string) bool { return slices.Contains(apis.SplitWords(field), w) }) {
		return false
	}
	return slices.ContainsFunc(recTypes, func(t *types.Named) bool { return namesOtherFieldOf(t, named, field) })
}

// fieldSetterSubject returns what a write's name says it updates or
// sets: "PostTime" of UpdatePostTime, "UserLibraries" of
// SetUserLibraries. Settle or Setup is no setter.
func fieldSetterSubject(name string) (string, bool) {
	for _, verb := range []string{"Update", "Set"} {
		if what, ok := strings.CutPrefix(name, verb); ok && (what == "" || unicode.IsUpper(rune(what[0]))) {
			return what, true
		}
	}
	return "", false
}

// listsOtherColumns reports whether a write of the module's own
// (an interface method or a helper) is handed the columns it updates as
// constant strings, and the tested field's column is not among them:
// UpdateQuestion(ctx, q, []string{"title", "updated_at"}) edits the
// question and moves no status.
func listsOtherColumns(write *dataaccess.Op, field string) bool {
	cols, ok := columnList(write)
	return ok && !slices.Contains(cols, dataaccess.ColumnName(field)) && !slices.Contains(cols, field)
}

// listsColumns reports whether a write of the module's own is handed the
// columns it updates as constants: the caller asks for those columns set
// to the values it passes, an absolute write, whatever else the helper's
// summary says its body can do on other paths (casdoor's UpdateUser(id,
// user, []string{"email_verified"})).
func listsColumns(write *dataaccess.Op) bool {
	_, ok := columnList(write)
	return ok
}

// columnList returns the constant column names a write of the module's
// own (an interface method or a helper) is handed.
func columnList(write *dataaccess.Op) ([]string, bool) {
	call := write.Call()
	if call == nil || write.SQL != nil || write.Callee == nil || write.Callee.Pkg() == nil || apis.KnownPackage(write.Callee.Pkg().Path()) {
		return nil, false
	}
	for _, arg := range call.Args {
		if cols, ok := constantStrings(dataaccess.VariadicElems(arg)); ok {
			return cols, true
		}
	}
	return nil, false
}

// constantStrings returns the string constants vals are, or false when
// there are none or one is not a constant string.
func constantStrings(vals []ssa.Value) ([]string, bool) {
	var out []string
	for _, v := range vals {
		k, ok := dataaccess.Unwrap(v).(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.String {
			return nil, false
		}
		out = append(out, constant.StringVal(k.Value))
	}
	return out, len(out) > 0
}

// namesOtherFieldOf reports whether each word names part of a field of
// t other than the tested one.
func namesOtherFieldOf(t *types.Named, named []string, tested string) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for _, w := range named {
		found := false
		for f := range st.Fields() {
			if f.Name() != tested && slices.Contains(apis.SplitWords(f.Name()), w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// helperAssigns reports whether the helper called to save the record
// assigns the field in it (object.RecordUserSignin sets the sign-in time,
// not IsForbidden), or updates its row by naming columns (an UPDATE ...
// SET status = 'captured' WHERE id = p.ID names it).
func helperAssigns(model *dataaccess.Result, write *dataaccess.Op, field string) bool {
	call := write.Call()
	helper := call.StaticCallee()
	if helper == nil {
		return false
	}
	obj, _ := helper.Object().(*types.Func)
	w, _ := model.FieldWritesOf(obj)
	if w == nil {
		return false
	}
	saved := write.Summary.SavesParam
	if helper.Signature.Recv() != nil {
		saved++ // FieldWrites counts the receiver
	}
	return w.Assigns(saved, field)
}

// savesWholeRecord reports whether the write takes the record itself: a
// helper that saves the record it is passed, or an ORM call given the
// record as an argument (not through Model on its chain, which names
// the columns in Update("paid", true)). A write with SQL text names its
// columns and is not judged here.
func savesWholeRecord(records []ssa.Value, write *dataaccess.Op) bool {
	if savesRecord(records, write) {
		return true
	}
	if write.Summary != nil || write.SQL != nil || !dataaccess.WritesBack(write) {
		return false
	}
	return passesRecord(records, write)
}

// savesOtherCopy reports whether the write saves a whole record of the
// gate's type that is not the one read: the request's copy, decoded from
// its body (updateGroup tests the stored group's Default, then saves the
// group the client sent). It writes the tested field only if the code
// assigns it, as a save of the record read does.
func savesOtherCopy(write *dataaccess.Op, records []ssa.Value, recTypes []*types.Named) bool {
	call := write.Call()
	if call == nil || write.SQL != nil {
		return false
	}
	var saved []ssa.Value
	switch {
	case write.Summary != nil && write.Summary.SavesParam >= 0:
		saved = []ssa.Value{dataaccess.Arg(call, write.Summary.SavesParam)}
	case write.Summary == nil && dataaccess.WritesBack(write),
		write.Summary != nil && write.Summary.Writes:
		// A helper handed the copy by value, whose body saves it through
		// the record's own method (g.Update(ctx)): no parameter index
		// says so, but the copy is what it has to write.
		saved = call.Args
	}
	if slices.ContainsFunc(saved, func(v ssa.Value) bool {
		p := dataaccess.RootPath(v)
		return p.Valid() && slices.Contains(records, p.Base)
	}) {
		return false // the record read goes in too (markRedeemed(ctx, card, by)): judged as such
	}
	return slices.ContainsFunc(saved, func(v ssa.Value) bool {
		return v != nil && slices.ContainsFunc(recordTypes([]ssa.Value{v}), func(n *types.Named) bool { return slices.Contains(recTypes, n) })
	})
}

// recordTypes returns the named struct types of the record values.
func recordTypes(records []ssa.Value) []*types.Named {
	var out []*types.Named
	for _, r := range records {
		t := r.Type()
		for range 2 { // a *T, or the variable holding one
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
		}
		if n := ssautil.NamedOf(t); n != nil && isRecordType(n) && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// fieldAssigner looks for a store into one field of the record's types.
type fieldAssigner struct {
	model *dataaccess.Result
	field string
	types []*types.Named
	// records are the read's values: copying one into a variable (rf,
	// ok, err := Load(id) keeps rf in a local) assigns nothing new.
	records []ssa.Value
	seen    map[*ssa.Function]bool
}

// mayAssign reports whether fn or its closures store into the field or
// over the whole record, or hand the record to a function that assigns
// the field (its FieldWrites fact, of this package or another the model
// read), or to a function of the record's own package the model did not
// read (order.MarkPaid() may set the state) and that is not modelled as
// a write or an act (a helper that refreshes downloads or sends a
// receipt is judged by what it is).
func (a fieldAssigner) mayAssign(fn *ssa.Function, depth int) bool {
	if fn == nil || a.seen[fn] || depth > 3 {
		return false
	}
	a.seen[fn] = true
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if a.storesField(instr) {
					return true
				}
			case *ssa.MakeClosure:
				if a.mayAssign(instr.Fn.(*ssa.Function), depth) {
					return true
				}
			case ssa.CallInstruction:
				if a.callMayAssign(instr.Common(), depth) {
					return true
				}
			}
		}
	}
	return false
}

func (a fieldAssigner) callMayAssign(call *ssa.CallCommon, depth int) bool {
	callee := call.StaticCallee()
	if callee == nil {
		return false
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil {
		return a.mayAssign(callee, depth+1) // a function literal called in place
	}
	if !slices.ContainsFunc(call.Args, a.isRecordPointer) {
		return false
	}
	if w, known := a.model.FieldWritesOf(obj); known {
		// user.GetId() assigns nothing, order.MarkPaid() the state.
		for i, arg := range call.Args {
			if w != nil && a.isRecordPointer(arg) && w.Assigns(i, a.field) {
				return true
			}
		}
		return false
	}
	if !slices.ContainsFunc(a.types, func(n *types.Named) bool { return n.Obj().Pkg() == obj.Pkg() }) {
		return false // a library's or a logger's call reads the record
	}
	s := a.model.SummaryOf(obj)
	return s == nil || !s.Writes && !s.Acts
}

// storesField reports whether st assigns the field of a record of the
// types, or a whole record (*o = fresh). The zero value a composite
// literal starts from (u := &User{Name: n}, before the fields it names)
// assigns nothing the read does not overwrite.
func (a fieldAssigner) storesField(st *ssa.Store) bool {
	if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
		return ssautil.FieldName(fa.X.Type(), fa.Field) == a.field && (a.isRecordPointer(fa.X) || a.elementOfRecord(fa.X))
	}
	if c, ok := st.Val.(*ssa.Const); ok && c.Value == nil || slices.Contains(a.records, st.Val) {
		return false
	}
	n, ok := types.Unalias(st.Val.Type()).(*types.Named)
	return ok && slices.Contains(a.types, n)
}

// elementOfRecord reports whether v points to an element of a slice that
// a field of the record holds: &u.Codes[i], or u.Codes[i] of a []*Code.
func (a fieldAssigner) elementOfRecord(v ssa.Value) bool {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	elem, ok := v.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	slice, ok := elem.X.(*ssa.UnOp)
	if !ok || slice.Op != token.MUL {
		return false
	}
	fa, ok := slice.X.(*ssa.FieldAddr)
	return ok && a.isRecordPointer(fa.X)
}

func (a fieldAssigner) isRecordPointer(v ssa.Value) bool {
	p, ok := v.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	n := ssautil.NamedOf(p.Elem())
	return n != nil && slices.Contains(a.types, n)
}
