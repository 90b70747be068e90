package dataaccess

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// An act runs twice when a status gate lets two callers through. Whether
// that does harm depends on the act: an insert, an increment, an append,
// an e-mail or a charge is done twice; a write of absolute values (status
// = 'failed', enabled = x, a total recomputed from scratch) leaves the row
// as one run would.

// NonIdempotent reports whether running op a second time changes more
// than running it once: an external effect, a plain insert, an update
// that adds to what the row holds (SET n = n + 1, gorm.Expr, xorm Incr),
// a key-value increment, or a call of a function that does one of those.
func NonIdempotent(op *Op) bool {
	switch {
	case op.Summary != nil:
		return op.Summary.NonIdempotent
	case op.Kind == apis.Effect:
		return true
	case inMemory(op):
		return false
	case op.Resource.Key != nil: // INCR, LPUSH
		return op.Kind == apis.Update
	case op.Kind == apis.Insert:
		return true
	case op.Kind == apis.CondInsert && op.SQL != nil && op.SQL.Relative:
		return true // an upsert whose conflict branch adds to the row
	}
	return op.Kind == apis.Update && relativeUpdate(op)
}

// relativeUpdate reports whether an update computes the new value from
// the old one: SQL text whose SET reads the column it assigns, a gorm.Expr
// with arithmetic among the call's arguments, an xorm Incr/Decr on the
// chain, or a repository interface's method or a bus command named for
// it.
func relativeUpdate(op *Op) bool {
	if op.SQL != nil {
		return op.SQL.Relative
	}
	if op.Callee != nil && passutil.IsInterfaceMethod(op.Callee) &&
		(apis.IsIncrementName(op.Callee.Name()) || apis.IsAdjustName(op.Callee.Name()) && takesDelta(op.Callee)) {
		return true // a repository's IncrementUsage or AdjustStock, seen only by its name
	}
	if apis.IsIncrementName(DispatchedMessage(op)) {
		return true // a bus command IncrementVerificationAttempts, likewise
	}
	for call := op.Call(); call != nil; call = chainCall(call) {
		if f := callee(call); f != nil && (relativeSetters[f.Name()] || isEntAdder(f)) {
			return true
		}
		for i := 0; arg(call, i) != nil; i++ {
			if relativeExpr(arg(call, i), 0) {
				return true
			}
		}
	}
	return false
}

// relativeSetters are chain methods that add to a column (xorm's Incr and
// Decr, and SetExpr with an expression).
var relativeSetters = map[string]bool{"Incr": true, "Decr": true, "SetExpr": true}

// isEntAdder reports whether f is an ent builder's adder of a numeric
// field (AddUses(-1), AddBalance(amount)): UPDATE ... SET uses = uses +
// $1. An edge's adder (AddMemberIDs(ids...)) takes ids, not an amount.
func isEntAdder(f *types.Func) bool {
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Params().Len() != 1 || sig.Variadic() || !strings.HasPrefix(f.Name(), "Add") || !isEntType(sig.Recv().Type()) {
		return false
	}
	b, ok := sig.Params().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

// relativeExpr reports whether v is (or a map literal of updates holds) an
// ORM expression whose text does arithmetic: gorm.Expr("count + ?", 1).
func relativeExpr(v ssa.Value, depth int) bool {
	v = Unwrap(v)
	if depth > 2 || v == nil {
		return false
	}
	if mm, ok := v.(*ssa.MakeMap); ok {
		for _, ref := range *mm.Referrers() {
			if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == mm && relativeExpr(u.Value, depth+1) {
				return true
			}
		}
		return false
	}
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) == 0 {
		return false
	}
	f := call.Call.StaticCallee()
	if f == nil || f.Name() != "Expr" || f.Pkg == nil || !apis.KnownPackage(f.Pkg.Pkg.Path()) {
		return false
	}
	text, ok := call.Call.Args[0].(*ssa.Const)
	if !ok || text.Value == nil || text.Value.Kind() != constant.String {
		return false
	}
	return strings.ContainsAny(constant.StringVal(text.Value), "+-|")
}

// savedParam returns the index of the parameter (receiver excluded) whose
// record the body writes back unconditionally: a full-row update of it
// (gorm Save(p), xorm Update(p), a store's UpdateUser(p)), an update of its
// table keyed by one of its fields, or a call of a helper that does one
// with it; or -1.
// A state-guarded write is left out: rows affected tells its caller who
// won.
func savedParam(fn *ssa.Function, ops []*Op) (param int, bySave, whole bool) {
	for _, op := range ops {
		ins, upserts, savedWhole := savedInputs(op)
		for _, in := range ins {
			p := rootPath(in)
			// A record passed by value counts only when its copy is
			// written whole (Save(&rf)): an UPDATE of its own table set
			// from its fields (listmonk's UpdateUserProfile(id, u))
			// writes back what the caller read unless the caller changed
			// it, which the caller's own code shows.
			if !p.Valid() || !isRecordPointer(p.Base.Type()) && !(isRecordValueParam(p.Base) && p.Fields == "") {
				continue
			}
			// The record itself (Save(inv), Model(inv)), or one of its
			// fields keying a write of its own table (UPDATE invoices ...
			// WHERE id = inv.ID); not a write of another table keyed by it.
			ownTable := op.Resource.Table != "" && op.Resource.Table == normalizeTable(ssautil.NamedOf(p.Base.Type()).Obj().Name())
			if i := paramOf(fn, p.Base); i >= 0 && (p.Fields == "" || ownTable) {
				return i, upserts && p.Fields == "", savedWhole && p.Fields == ""
			}
		}
	}
	return -1, false, false
}

// savesReceiver reports whether a method writes its own record back
// whole (an active record's func (h *Host) Upsert(ctx) error { return
// db.Save(h).Error }), directly or through calls: a caller's
// host.Upsert(ctx) is a Save of host.
func savesReceiver(fn *ssa.Function, ops []*Op) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || !isRecordPointer(fn.Params[0].Type()) {
		return false
	}
	for _, op := range ops {
		ins, _, savedWhole := savedInputs(op)
		for _, in := range ins {
			if p := rootPath(in); savedWhole && p.Fields == "" && p.Base == fn.Params[0] {
				return true
			}
		}
	}
	return false
}

// savedInputs returns the records op writes back (the argument a helper
// saves, the receiver of a method that saves itself, or the inputs of
// an update), whether it writes them by an ORM Save, and whether whole.
func savedInputs(op *Op) (ins []ssa.Value, upserts, whole bool) {
	switch {
	case op.Summary != nil && op.Summary.SavesParam >= 0:
		ins = []ssa.Value{arg(op.Call(), op.Summary.SavesParam)}
	case op.Summary != nil && op.Summary.SavesReceiver:
		ins = []ssa.Value{receiver(op.Call())}
	case op.Summary == nil && WritesBack(op):
		ins = op.Inputs()
	}
	upserts = op.Summary != nil && op.Summary.SavesBySave || op.Summary == nil && SavesByUpsert(op)
	_, _, whole = SavedWhole(op)
	return ins, upserts, whole
}

// SavesByUpsert reports whether op is an ORM Save of a record whose key
// may be set (gorm's db.Save(&rec)): an UPDATE of the row when the key is
// there, an INSERT when it is zero.
func SavesByUpsert(op *Op) bool {
	return op.Kind == apis.CondInsert && op.Callee != nil && op.Callee.Name() == "Save" && !op.Overwrites
}

// isRecordValueParam reports whether v is a record parameter passed by
// value (execute(ctx, rf Refund) that saves &rf): the body's copy of the
// record its caller read, written back whole.
func isRecordValueParam(v ssa.Value) bool {
	_, isParam := v.(*ssa.Parameter)
	return isParam && isRecordValue(v.Type())
}

// WritesBack reports whether op overwrites an existing row: an update, or
// an upsert by Save (not a store's Save whose result says whether it
// created the row).
func WritesBack(op *Op) bool {
	if op.StateGuard || op.Call() == nil {
		return false
	}
	return op.Kind == apis.Update || op.Kind == apis.CondInsert && op.Callee != nil && op.Callee.Name() == "Save" && !namesInsertOutcome(op.Callee)
}

// isRecordPointer reports whether t points to a struct of the module's
// own (a record), not to a library's handle.
func isRecordPointer(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Pointer); !ok {
		return false
	}
	n := ssautil.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil || apis.KnownPackage(n.Obj().Pkg().Path()) {
		return false
	}
	_, isStruct := n.Underlying().(*types.Struct)
	return isStruct
}
