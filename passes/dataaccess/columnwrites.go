package dataaccess

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// Which columns of a row a write sets decides whether it can undo another
// request's change: an update naming its columns writes those and no
// other, a record saved whole (gorm's Save) writes every column back as
// the record holds it, the ones the code never touched included.

// NormalizeColumn spells a column or a Go field name the one way both
// compare: lower-case, without underscores (otp_active, OtpActive).
func NormalizeColumn(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, "_", ""))
}

// WrittenColumns returns the columns an update sets, as the code spells
// them, when it names them: the SET of its SQL text, the fields of a literal it is
// handed (Updates(User{Password: h})), a gorm Update("col", v) or
// UpdateColumn, the constant keys of a map handed to Updates, the columns
// a chain's Select, Cols or Column picks, an ent builder's SetX calls.
// False for an update that names none (a record saved whole, a helper).
func WrittenColumns(op *Op) ([]string, bool) {
	if op.Kind != apis.Update {
		return nil, false
	}
	if op.SQL != nil {
		return op.SetColumns, len(op.SetColumns) > 0
	}
	if fields, ok := UpdatedFields(op); ok {
		return fields, true
	}
	call := op.Call()
	if call == nil || op.Summary != nil {
		return nil, false
	}
	var cols, picked []string
	for c := call; c != nil; c = chainCall(c) {
		f := callee(c)
		if f == nil {
			continue
		}
		switch name := f.Name(); {
		case name == "Update" || name == "UpdateColumn":
			if col, ok := constString(arg(c, 0)); ok {
				cols = append(cols, col)
			}
		case name == "UpdateColumns" && strings.Contains(f.Pkg().Path(), "gobuffalo/pop"):
			for _, a := range spreadArgs(c.Args[1:]) { // pop's UpdateColumns(model, columnNames...)
				if col, ok := constString(a); ok {
					cols = append(cols, col)
				}
			}
		case name == "Updates" || name == "UpdateColumns":
			cols = append(cols, constMapKeys(arg(c, 0))...)
		case name == "Select" || name == "Cols" || name == "Column" || name == "Columns":
			for _, a := range spreadArgs(c.Args) {
				if col, ok := constString(a); ok {
					picked = append(picked, col)
				}
			}
		case name == "Set" && strings.Contains(f.Pkg().Path(), "uptrace/bun"):
			if text, ok := constString(arg(c, 0)); ok { // Set("status = ?", s)
				if col, _, found := strings.Cut(text, "="); found {
					cols = append(cols, strings.TrimSpace(col))
				}
			}
		case strings.HasPrefix(name, "Set") && len(name) > 3 && isEntSetter(f):
			cols = append(cols, name[3:])
		}
	}
	if len(picked) > 0 {
		cols = picked // the chain writes these, whatever it is handed
	}
	return cols, len(cols) > 0
}

// isEntSetter reports whether f is a setter of an ent update builder.
func isEntSetter(f *types.Func) bool {
	sig, ok := f.Type().(*types.Signature)
	return ok && sig.Recv() != nil && isEntType(sig.Recv().Type())
}

// constMapKeys returns the constant string keys a map literal is built
// with (map[string]any{"status": s}).
func constMapKeys(v ssa.Value) []string {
	mm, ok := Unwrap(v).(*ssa.MakeMap)
	if !ok {
		return nil
	}
	var keys []string
	for _, ref := range *mm.Referrers() {
		if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == mm {
			if k, ok := constString(u.Key); ok {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// SavedWhole returns the record an ORM call writes back whole (gorm's
// Save(&u), xorm's Update(&u) with no column list, a helper whose
// summary says it saves its parameter with Save, pop's Update, bun's
// NewUpdate().Model(&u).WherePK().Exec) and the
// columns its chain or its arguments leave out (Omit("hook_counter"),
// pop's excludeColumns), normalized; ok is false for any
// other write.
func SavedWhole(op *Op) (record ssa.Value, omitted []string, ok bool) {
	call := op.Call()
	if call == nil || op.StateGuard || op.SQL != nil {
		return nil, nil, false
	}
	if s := op.Summary; s != nil {
		switch {
		case s.SavesParam >= 0 && s.SavesWhole:
			return Arg(call, s.SavesParam), nil, true
		case s.SavesReceiver:
			return receiver(call), nil, true
		}
		return nil, nil, false
	}
	if op.Callee == nil || op.Callee.Pkg() == nil || !WritesBack(op) {
		return nil, nil, false
	}
	pkg := op.Callee.Pkg().Path()
	switch name := op.Callee.Name(); {
	case name == "Save":
	case name == "Update" && strings.Contains(pkg, "xorm"):
		if _, literal := UpdatedFields(op); literal {
			return nil, nil, false
		}
	case (name == "Update" || name == "ValidateAndUpdate") && strings.Contains(pkg, "gobuffalo/pop"):
	case name == "Exec" && strings.Contains(pkg, "uptrace/bun"):
		return bunModelUpdate(call)
	default:
		return nil, nil, false
	}
	if strings.Contains(pkg, "gobuffalo/pop") {
		// pop's Update(model, excludeColumns...) and Save take the
		// columns to leave out after the model.
		for _, a := range spreadArgs(call.Args[1:]) {
			if col, ok := constString(a); ok {
				omitted = append(omitted, NormalizeColumn(col))
			}
		}
	}
	rec := arg(call, 0)
	if rec == nil || !isRecordPointer(Unwrap(rec).Type()) {
		return nil, nil, false
	}
	for c := chainCall(call); c != nil; c = chainCall(c) {
		f := callee(c)
		if f == nil {
			continue
		}
		switch f.Name() {
		case "Select", "Cols", "Columns", "MustCols":
			return nil, nil, false // the columns it names, not the whole record
		case "Omit":
			for _, a := range spreadArgs(c.Args) {
				if col, ok := constString(a); ok {
					omitted = append(omitted, NormalizeColumn(col))
				}
			}
		}
	}
	return rec, omitted, true
}

// bunModelUpdate returns the record of a bun NewUpdate().Model(&u)...Exec
// that names no column (no Column, Set or Value on its chain): every
// column of the model is written, but those ExcludeColumn leaves out.
func bunModelUpdate(exec *ssa.CallCommon) (record ssa.Value, omitted []string, ok bool) {
	for c := chainCall(exec); c != nil; c = chainCall(c) {
		f := callee(c)
		if f == nil {
			continue
		}
		switch f.Name() {
		case "Column", "Set", "SetColumn", "Value", "OmitZero":
			return nil, nil, false
		case "ExcludeColumn":
			for _, a := range spreadArgs(c.Args) {
				if col, ok := constString(a); ok {
					omitted = append(omitted, NormalizeColumn(col))
				}
			}
		case "Model":
			if m := arg(c, 0); m != nil && isRecordPointer(Unwrap(m).Type()) {
				record = m
			}
		}
	}
	return record, omitted, record != nil
}
