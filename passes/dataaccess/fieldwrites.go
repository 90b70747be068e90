package dataaccess

import (
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A status gate's whole-record save (checkthenact) is its state write only
// when the tested field is assigned on the way. A caller in another
// package sees the call of the helper that saves (object.UpdateUser(id,
// user, cols)) but not the stores in its body: this fact carries them, as
// the Summary carries the helper's data access.

// FieldWrites is the fact exported for a function that assigns fields of
// a record it is passed (a pointer to a struct of the module): in its
// body (u.LastSigninTime = now), in its closures, or in the functions it
// hands the record to, of its package or, through their facts, of others.
// A record passed by value is listed too: the body assigns its own copy,
// which matters only when the body saves that copy (its caller never sees
// the change, and a caller's own record gains nothing from the call).
type FieldWrites struct {
	Params []ParamWrites // ordered by Param
}

func (*FieldWrites) AFact() {}

func (w *FieldWrites) String() string {
	var parts []string
	for _, p := range w.Params {
		s := strconv.Itoa(p.Param) + ":" + strings.Join(p.Fields, ",")
		if p.All {
			s += " all"
		}
		if p.Columns {
			s += " columns"
		}
		if len(p.Sets) > 0 {
			s += " sets " + strings.Join(p.Sets, ",")
		}
		parts = append(parts, s)
	}
	return "assigns " + strings.Join(parts, "; ")
}

// ParamWrites is what a function assigns in the record of one parameter.
type ParamWrites struct {
	// Param is the parameter's index among the function's SSA parameters,
	// the receiver first: the index of its argument in a static call.
	Param int
	// Fields are the names of the record's fields assigned, sorted.
	Fields []string
	// All is set when the whole record is assigned (*u = other): every
	// field is.
	All bool
	// Columns is set when the body updates rows by naming their columns
	// (UPDATE ... SET state = 'paid', gorm Update("state", v)): whatever
	// Go assigns, such a write may be of the field's column.
	Columns bool
	// Sets are the fields that the body's updates of the record's row
	// write from a literal (Update(&User{Password: h}) WHERE id = u.ID,
	// see UpdatedFields), sorted: columns known by name.
	Sets []string
}

// Assigns reports whether the function may give field of the record it
// is passed as its i'th argument (receiver first) a new value.
func (w *FieldWrites) Assigns(i int, field string) bool {
	p, ok := w.Param(i)
	return ok && (p.All || p.Columns || slices.Contains(p.Fields, field) || slices.Contains(p.Sets, field))
}

// Param returns what the function assigns in the record it is passed as
// its i'th argument (receiver first), if anything.
func (w *FieldWrites) Param(i int) (ParamWrites, bool) {
	for _, p := range w.Params {
		if p.Param == i {
			return p, true
		}
	}
	return ParamWrites{}, false
}

// FieldWritesKnown is the package fact of a package the model read (it
// passed the fast path): a function of it without a FieldWrites fact
// assigns nothing of a record it is passed. The functions of a package
// the model skipped are not known.
type FieldWritesKnown struct{}

func (*FieldWritesKnown) AFact()         {}
func (*FieldWritesKnown) String() string { return "field writes known" }

// FieldWritesOf returns what f assigns in the records it is passed, and
// whether that is known: a function of this package or of a package the
// model read. Known with a nil result means it assigns nothing.
func (r *Result) FieldWritesOf(f *types.Func) (*FieldWrites, bool) {
	if r.fieldWritesOf == nil || f == nil {
		return nil, false
	}
	return r.fieldWritesOf(f.Origin())
}

// fieldWritesOf answers FieldWritesOf for the modeler's package.
func (m *modeler) fieldWritesOf(f *types.Func) (*FieldWrites, bool) {
	if f.Pkg() == m.pass.Pkg {
		return m.fieldWrites[f], true
	}
	if f.Pkg() == nil {
		return nil, false
	}
	w := new(FieldWrites)
	if m.pass.ImportObjectFact(f, w) {
		return w, true
	}
	return nil, m.pass.ImportPackageFact(f.Pkg(), new(FieldWritesKnown))
}

// summarizeFieldWrites computes the FieldWrites of the package's
// functions, callees first (sccs is bottomUp's order), and exports them.
func (m *modeler) summarizeFieldWrites(sccs []component, byFunc map[*ssa.Function][]*Op) {
	m.fieldWrites = map[*types.Func]*FieldWrites{}
	for _, scc := range sccs {
		for changed := true; changed; {
			changed = false
			for _, fn := range scc.funcs {
				obj, ok := fn.Object().(*types.Func)
				if !ok {
					continue
				}
				w := m.assignedFields(fn, byFunc)
				if !fieldWritesEqual(w, m.fieldWrites[obj]) {
					m.fieldWrites[obj] = w
					changed = scc.cyclic // sets only grow: a cycle ends
				}
			}
		}
	}
	for obj, w := range m.fieldWrites {
		if w != nil {
			passutil.ExportObjectFact(m.pass, obj, w)
		}
	}
	m.pass.ExportPackageFact(new(FieldWritesKnown))
}

func fieldWritesEqual(a, b *FieldWrites) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.EqualFunc(a.Params, b.Params, func(p, q ParamWrites) bool {
		return p.Param == q.Param && p.All == q.All && p.Columns == q.Columns && slices.Equal(p.Fields, q.Fields) && slices.Equal(p.Sets, q.Sets)
	})
}

// assignedFields returns what fn and its closures assign in the records
// of fn's parameters, or nil.
func (m *modeler) assignedFields(fn *ssa.Function, byFunc map[*ssa.Function][]*Op) *FieldWrites {
	params := map[int]*ParamWrites{}
	at := func(base ssa.Value) *ParamWrites {
		i := slices.Index(fn.Params, asParam(base))
		if i < 0 || !isRecordPointer(fn.Params[i].Type()) && !isRecordValueParam(fn.Params[i]) {
			return nil
		}
		if params[i] == nil {
			params[i] = &ParamWrites{Param: i}
		}
		return params[i]
	}
	for _, f := range withClosures(fn) {
		for _, op := range byFunc[f] {
			sets, literal := UpdatedFields(op)
			if !literal && !UpdatesColumns(op) {
				continue
			}
			for _, p := range fn.Params {
				if w := at(p); w != nil && updatesRowOf(op, p) {
					w.Sets = append(w.Sets, sets...)
					w.Columns = w.Columns || !literal
				}
			}
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Store:
					noteStore(instr, at)
				case ssa.CallInstruction:
					m.noteCall(instr.Common(), at)
				}
			}
		}
	}
	w := &FieldWrites{}
	for _, p := range params {
		if len(p.Fields) == 0 && len(p.Sets) == 0 && !p.All && !p.Columns {
			continue // handed to a callee that assigns nothing
		}
		slices.Sort(p.Fields)
		p.Fields = slices.Compact(p.Fields)
		slices.Sort(p.Sets)
		p.Sets = slices.Compact(p.Sets)
		w.Params = append(w.Params, *p)
	}
	if len(w.Params) == 0 {
		return nil
	}
	slices.SortFunc(w.Params, func(a, b ParamWrites) int { return a.Param - b.Param })
	return w
}

// updatesRowOf reports whether a column update is of the record's row:
// of its table, or of a table not known keyed by one of its fields
// (WHERE id = o.ID). An update of another table keyed by the record
// (accounts WHERE id = inv.Account) writes none of its columns.
func updatesRowOf(op *Op, record *ssa.Parameter) bool {
	if op.Resource.Table != "" {
		return op.Resource.Table == normalizeTable(ssautil.NamedOf(record.Type()).Obj().Name())
	}
	return slices.ContainsFunc(op.Inputs(), func(in ssa.Value) bool { return rootPath(in).Base == record })
}

// noteStore records a store into a field of a parameter's record
// (u.Tag = "normal", u.Profile.Bio = b: the Profile field), or over the
// whole record (*u = other).
func noteStore(st *ssa.Store, at func(ssa.Value) *ParamWrites) {
	if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
		p := rootPath(fa.X)
		if w := at(p.Base); w != nil {
			if name := firstField(p, fa); name != "" {
				w.Fields = append(w.Fields, name)
			}
		}
		return
	}
	p := rootPath(st.Addr)
	if st.Val == p.Base {
		return // a parameter passed by value, copied into the local its address is taken of
	}
	if w := at(p.Base); w != nil && p.Fields == "" && types.Identical(st.Val.Type(), derefType(p.Base.Type())) {
		w.All = true
	}
}

// noteCall records what a static callee assigns in a record it is
// handed: the record itself, or one of its fields (&u.Profile), which is
// then the field assigned. A call through an interface or a func value
// assigns nothing that can be known.
func (m *modeler) noteCall(c *ssa.CallCommon, at func(ssa.Value) *ParamWrites) {
	sc := c.StaticCallee()
	if sc == nil {
		return
	}
	obj, ok := sc.Object().(*types.Func)
	if !ok {
		return
	}
	callee, _ := m.fieldWritesOf(obj.Origin())
	if callee == nil {
		return
	}
	for i, a := range c.Args {
		p := rootPath(a)
		if i < len(sc.Params) && isRecordValueParam(sc.Params[i]) && !(isRecordValueParam(p.Base) && m.savesParam(sc, obj, i)) {
			// The callee assigns its own copy. Only a copy of this
			// function's own copy that the callee saves gains for it
			// what the callee assigns: both are the row this function
			// saves (settle(ctx, inv) handing inv on to markPaid).
			continue
		}
		w := at(p.Base)
		if w == nil {
			continue
		}
		for _, cw := range callee.Params {
			if cw.Param != i {
				continue
			}
			if p.Fields != "" {
				w.Fields = append(w.Fields, firstField(p, nil))
				continue
			}
			w.Fields = append(w.Fields, cw.Fields...)
			w.Sets = append(w.Sets, cw.Sets...)
			w.All = w.All || cw.All
			w.Columns = w.Columns || cw.Columns
		}
	}
}

// savesParam reports whether the callee's summary says it saves the
// record it takes as its i'th parameter (receiver first).
func (m *modeler) savesParam(callee *ssa.Function, obj *types.Func, i int) bool {
	s := m.summaryOf(obj.Origin())
	if s == nil || s.SavesParam < 0 {
		return false
	}
	if callee.Signature.Recv() != nil {
		i--
	}
	return s.SavesParam == i
}

// firstField names the field of the parameter's record that a path (or
// the store's field address fa, when the path is the record itself)
// selects first.
func firstField(p Path, fa *ssa.FieldAddr) string {
	if p.Fields == "" {
		if fa == nil {
			return ""
		}
		return ssautil.FieldName(fa.X.Type(), fa.Field)
	}
	idx, _, _ := strings.Cut(strings.TrimPrefix(p.Fields, "."), ".")
	i, err := strconv.Atoi(idx)
	if err != nil {
		return ""
	}
	return ssautil.FieldName(p.Base.Type(), i)
}

// asParam returns v as a parameter, or nil.
func asParam(v ssa.Value) *ssa.Parameter {
	p, _ := v.(*ssa.Parameter)
	return p
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// withClosures returns fn and the function literals it contains.
func withClosures(fn *ssa.Function) []*ssa.Function {
	out := []*ssa.Function{fn}
	for _, anon := range fn.AnonFuncs {
		out = append(out, withClosures(anon)...)
	}
	return out
}

// UpdatesColumns reports whether op, not a call of a summarised helper,
// updates a row other than by writing a whole record back: SQL text
// (UPDATE ... SET state = 'paid'), or a column update on an ORM chain
// (Model(o).Update("state", v)). An insert adds a row and moves no
// record's state.
func UpdatesColumns(op *Op) bool {
	if op.Summary != nil || !WritesBack(op) {
		return false
	}
	return op.SQL != nil || !slices.ContainsFunc(op.Call().Args, func(arg ssa.Value) bool {
		p := rootPath(arg)
		return p.Valid() && p.Fields == "" && isRecord(p.Base.Type())
	})
}

// isRecord reports whether t is a struct of the module's own, or points
// to one.
func isRecord(t types.Type) bool {
	return isRecordPointer(t) || isRecordPointer(types.NewPointer(t))
}
