package dataaccess

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// An ORM update handed a struct it builds on the spot writes only the
// fields the literal sets: xorm's Update(&User{Password: h}) and gorm's
// Updates(User{Status: s}) skip zero fields. Such an update of the
// record's row is a write of those columns, not of the whole record: it
// moves a status gate's state only when the literal sets the tested
// field.

// UpdatedFields returns the fields an ORM update writes when its bean is
// a literal built in the same function and used for nothing else, sorted;
// false for any other update (a record loaded or passed in, SQL text, a
// helper, or a chain that asks for every column: AllCols, MustCols,
// UseBool, gorm's Select).
func UpdatedFields(op *Op) ([]string, bool) {
	call, ok := op.Instr.(*ssa.Call)
	if !ok || op.Kind != apis.Update || op.SQL != nil || op.Summary != nil || op.Callee == nil {
		return nil, false
	}
	if name := op.Callee.Name(); name != "Update" && name != "Updates" {
		return nil, false
	}
	if asksEveryColumn(call) {
		return nil, false
	}
	lit := literalOf(arg(&call.Call, 0))
	if lit == nil {
		return nil, false
	}
	var fields []string
	for _, ref := range *lit.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			for _, use := range *ref.Referrers() {
				if st, ok := use.(*ssa.Store); ok && st.Addr == ref {
					fields = append(fields, ssautil.FieldName(ref.X.Type(), ref.Field))
				}
			}
		case *ssa.MakeInterface, *ssa.UnOp:
			if !usedOnlyBy(ref.(ssa.Value), call) {
				return nil, false
			}
		case *ssa.DebugRef:
		default:
			return nil, false // handed to a function that may fill it
		}
	}
	slices.Sort(fields)
	return slices.Compact(fields), len(fields) > 0
}

// literalOf returns the allocation of a struct literal that v is, by
// pointer (&User{...}) or by value (User{...}), or nil.
func literalOf(v ssa.Value) *ssa.Alloc {
	if v == nil {
		return nil
	}
	v = Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	alloc, _ := v.(*ssa.Alloc)
	if alloc == nil || !isRecordPointer(alloc.Type()) {
		return nil
	}
	return alloc
}

// usedOnlyBy reports whether every use of v, through interface
// conversions and loads, is the call.
func usedOnlyBy(v ssa.Value, call *ssa.Call) bool {
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Call:
			if ref != call {
				return false
			}
		case *ssa.MakeInterface:
			if !usedOnlyBy(ref, call) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// asksEveryColumn reports whether the update's chain makes the ORM write
// zero fields too.
func asksEveryColumn(call *ssa.Call) bool {
	c, _ := receiver(&call.Call).(*ssa.Call) // the terminal call returns no builder: start at its receiver
	for c != nil {
		if f := callee(&c.Call); f != nil {
			switch f.Name() {
			case "AllCols", "MustCols", "UseBool", "Select":
				return true
			}
		}
		c, _ = chainReceiver(c).(*ssa.Call)
	}
	return false
}
