package volatiledup

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A memory that keeps the last value sent for a key, and skips the send
// only when the new value equals it, is a change filter, not a record of
// work done:
//
//	last, seen := p.sent.LoadOrStore(userID, presence)
//	if seen && last.(Presence).Status == presence.Status { return }
//	publish(userID, presence)
//
// When it forgets, the next call sends the state it holds once more,
// what any change would have sent: a repeat of the current state, not a
// second charge. A memory of the time it last ran (a ten-minute window)
// is a dedup record and stays reported.

// changeFilter reports whether the code compares the remembered entry
// (or a field of it) with the value the mark stores (or a field of it).
func changeFilter(check, mark *dataaccess.Op) bool {
	stored := markedValue(mark)
	if stored == nil {
		return false
	}
	entry := rememberedValue(check)
	if entry == nil {
		return false
	}
	for _, b := range check.Fn.Blocks {
		for _, instr := range b.Instrs {
			cmp, ok := instr.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
				continue
			}
			if comesFrom(cmp.X, entry) && comesFrom(cmp.Y, stored) || comesFrom(cmp.Y, entry) && comesFrom(cmp.X, stored) {
				return true
			}
		}
	}
	return false
}

// markedValue returns the value the mark writes for the key: a map
// assignment's value, or the argument after the key of Store,
// LoadOrStore, Set or Add.
func markedValue(mark *dataaccess.Op) ssa.Value {
	switch m := mark.Instr.(type) {
	case *ssa.MapUpdate:
		return base(m.Value)
	case *ssa.Call:
		args := m.Call.Args
		if m.Call.Signature().Recv() != nil && !m.Call.IsInvoke() {
			args = args[1:] // the receiver
		}
		if len(args) < 2 {
			return nil
		}
		return base(args[1])
	}
	return nil
}

// rememberedValue returns the entry a lookup found: a map lookup's value
// (v of v, ok := m[k]) or the first result of Load or LoadOrStore.
func rememberedValue(check *dataaccess.Op) ssa.Value {
	v, ok := check.Instr.(ssa.Value)
	if !ok {
		return nil
	}
	if _, isTuple := v.Type().(*types.Tuple); !isTuple {
		return v
	}
	for _, ref := range *v.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 {
			return ex
		}
	}
	return nil
}

// comesFrom reports whether v is root or a field of it, through type
// assertions, field selections and loads of a variable root is stored
// in.
func comesFrom(v, root ssa.Value) bool {
	for range 8 {
		v = base(v)
		if dataaccess.SameValue(v, root) { // ev.Presence read twice is two Field instructions of one path
			return true
		}
		switch x := v.(type) {
		case *ssa.Field:
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.TypeAssert:
			v = x.X
		case *ssa.Alloc:
			// p := last.(Presence), kept in a local: what was stored there
			if v = dataaccess.SingleStore(x); v == nil {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		default:
			return false
		}
	}
	return false
}

// base strips the conversions a value goes through on its way into a
// memory (an interface for sync.Map) and a load of the local that holds
// it: its loads are one value.
func base(v ssa.Value) ssa.Value {
	v = dataaccess.Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if alloc, ok := load.X.(*ssa.Alloc); ok {
			return alloc
		}
	}
	return v
}
