package checkthenact

import (
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An external call that carries an idempotency key computed from the
// gated record (Stripe's IdempotencyKey "refund-"+r.ID, an
// Idempotency-Key header of the order's id) is done once however many
// callers pass the gate: the provider answers the second call with the
// first one's outcome. A key minted per call (a uuid) or one unrelated to
// the record does not make the twins one call.

// keyedByRecord reports whether the act is an external call whose
// idempotency key derives from the gate's record or its read's input,
// and is not minted fresh.
func keyedByRecord(g gate, act *dataaccess.Op) bool {
	call := act.Call()
	if call == nil || !isExternal(act) {
		return false
	}
	return slices.ContainsFunc(idempotencyKeys(call), func(key ssa.Value) bool {
		return !minted(key, map[ssa.Value]bool{}) && fromGate(g, key, 0)
	})
}

// An insert that fills a unique key its table declares from the gated
// record (a ledger entry per invoice: UNIQUE (invoice_id, entry_type),
// invoice_id = inv.ID) stores one row however many callers pass the
// gate: the second insert clashes and fails. A key that takes a value
// minted per call (a uuid reference) does not make the twins clash.

// insertKeyedByRecord reports whether act is such an insert.
func insertKeyedByRecord(g gate, act *dataaccess.Op) bool {
	k := act.StoredKey
	return k.SameOnRerun() && slices.ContainsFunc(k.Values, func(v ssa.Value) bool { return fromGate(g, v, 0) })
}

// idempotencyKeys returns the values a call passes as its idempotency key:
// an argument for a parameter named for one (idempotencyKey string), a
// key-named field stored into a struct argument or set by its setter
// (params.IdempotencyKey = ..., params.SetIdempotencyKey(k)), an option
// naming one (restate.WithIdempotencyKey(k)), and an Idempotency-Key
// header set on a request argument.
func idempotencyKeys(call *ssa.CallCommon) []ssa.Value {
	var keys []ssa.Value
	sig := call.Signature()
	for i := range sig.Params().Len() {
		if apis.IsIdempotencyKeyName(sig.Params().At(i).Name()) {
			keys = append(keys, dataaccess.Arg(call, i))
		}
	}
	for _, arg := range call.Args {
		if p := dataaccess.RootPath(arg); p.Valid() {
			keys = append(keys, keysSetOn(p.Base)...)
		}
		for _, opt := range append([]ssa.Value{arg}, dataaccess.VariadicElems(arg)...) {
			keys = append(keys, keyOption(opt)...)
		}
	}
	return slices.DeleteFunc(keys, func(v ssa.Value) bool { return v == nil })
}

// keyOption returns the key an option argument carries: k of
// restate.WithIdempotencyKey(k), a call named for an idempotency key with
// the key as its one argument.
func keyOption(v ssa.Value) []ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return nil
	}
	if f := dataaccess.Callee(&call.Call); f != nil && apis.IsIdempotencyKeyName(f.Name()) {
		return []ssa.Value{call.Call.Args[0]}
	}
	return nil
}

// keysSetOn returns the key values stored into, or set through a setter
// or a header on, the struct or request that base holds.
func keysSetOn(base ssa.Value) []ssa.Value {
	fn := base.Parent()
	if fn == nil {
		return nil // a global or a constant: nothing sets a key on it here
	}
	var keys []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if fa, ok := instr.Addr.(*ssa.FieldAddr); ok && keyField(fa) && dataaccess.RootPath(fa).Base == base {
					keys = append(keys, instr.Val)
				}
			case ssa.CallInstruction:
				c := instr.Common()
				f := dataaccess.Callee(c)
				if f == nil || len(c.Args) < 2 || dataaccess.RootPath(c.Args[0]).Base != base {
					continue
				}
				if apis.IsIdempotencyKeyName(f.Name()) || f.Name() == "Set" && isKeyHeader(c.Args[1]) && len(c.Args) == 3 {
					keys = append(keys, c.Args[len(c.Args)-1])
				}
			}
		}
	}
	return keys
}

func keyField(fa *ssa.FieldAddr) bool {
	st, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	s, ok := st.Elem().Underlying().(*types.Struct)
	return ok && apis.IsIdempotencyKeyName(s.Field(fa.Field).Name())
}

func isKeyHeader(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && apis.IsIdempotencyKeyHeader(constant.StringVal(k.Value))
}

// fromGate reports whether v is computed from the gate's record (its
// fields, a concatenation, a conversion or a format of them) or from the
// value the read was keyed by.
func fromGate(g gate, v ssa.Value, depth int) bool {
	if v == nil || depth > 8 {
		return false
	}
	if p := dataaccess.RootPath(v); p.Valid() && slices.Contains(g.records, p.Base) {
		return true
	}
	if !g.passed && slices.Contains(g.read.Inputs(), v) {
		return true
	}
	switch v := v.(type) {
	case *ssa.BinOp:
		return fromGate(g, v.X, depth+1) || fromGate(g, v.Y, depth+1)
	case *ssa.UnOp:
		return fromGate(g, v.X, depth+1)
	case *ssa.Convert:
		return fromGate(g, v.X, depth+1)
	case *ssa.ChangeType:
		return fromGate(g, v.X, depth+1)
	case *ssa.MakeInterface:
		return fromGate(g, v.X, depth+1)
	case *ssa.Call:
		// stripe.String(k), fmt.Sprintf("refund-%s", r.ID), strconv.Itoa(o.ID)
		return slices.ContainsFunc(v.Call.Args, func(a ssa.Value) bool { return fromGate(g, a, depth+1) })
	case *ssa.Slice:
		return fromGate(g, v.X, depth+1)
	case *ssa.Alloc:
		// the variadic array of fmt.Sprintf: its elements' stores
		for _, ref := range *v.Referrers() {
			if ia, ok := ref.(*ssa.IndexAddr); ok {
				for _, use := range *ia.Referrers() {
					if st, ok := use.(*ssa.Store); ok && st.Addr == ia && fromGate(g, st.Val, depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}
