package checkthenact

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A record's own method named for adding or taking (poll.IncrementVotes
// (choices), wallet.AddCredit(n), stock.Decrease(n)) computes the new
// quantity inside the record, out of sight of the caller's arithmetic:
// the write of the record after it stores back a value computed from the
// one read, as w.Credits += n before it would.

// A map the record holds (a payment's metadata, a user's settings) is
// changed in place the same way: m.Metadata[k] = v adds to what was read,
// and the write of the record stores the merge.

// recordMutation is such a call, or such a store into a map field, and
// the records it changes.
type recordMutation struct {
	at ssa.Instruction
	// from is where the write back must follow on every path: the call
	// itself, or for a store into a map, often inside a loop over what
	// is merged, the read.
	from     ssa.Instruction
	what     string             // what it changes, for the message
	carriers map[ssa.Value]bool // the record, its address and its loads
}

// recordMutations returns the calls of methods named for adding or taking
// whose receiver is one of the records a read loaded, and that change
// only the record in memory: a method that reads or writes the database
// itself (a router's addInspectRoute, summarised) is one of the ops.
func recordMutations(read *ssa.Call, records []ssa.Value, ops []*dataaccess.Op) []recordMutation {
	if read.Call.Signature().Recv() != nil && len(read.Call.Args) > 0 {
		// A helper method's receiver is what it runs on (a router, a
		// store), not a record it loads.
		recv := dataaccess.RootPath(read.Call.Args[0])
		records = slices.DeleteFunc(slices.Clone(records), func(v ssa.Value) bool {
			p := dataaccess.RootPath(v)
			return v == read.Call.Args[0] || recv.Valid() && p.Valid() && p.Base == recv.Base
		})
	}
	isOp := map[ssa.Instruction]bool{}
	for _, op := range ops {
		isOp[op.Instr] = true
	}
	carriers := map[ssa.Value]bool{}
	for _, rec := range records {
		carriers[rec] = true
		for _, l := range ssautil.LoadsOf(rec) {
			carriers[l] = true
		}
	}
	var out []recordMutation
	for rec := range carriers {
		for _, ref := range *rec.Referrers() {
			call, ok := ref.(*ssa.Call)
			if !ok || isOp[call] || len(call.Call.Args) == 0 || call.Call.Args[0] != rec {
				continue
			}
			fn := call.Call.StaticCallee()
			if fn == nil || fn.Signature.Recv() == nil || !(apis.IsIncrementName(fn.Name()) || namesArithmetic(fn)) {
				continue
			}
			out = append(out, recordMutation{at: call, from: call, what: "what " + fn.Name() + " changes", carriers: carriers})
		}
	}
	return append(out, mapMerges(read, carriers)...)
}

// mapMerges returns the stores into a map field of the records (the map
// read with the row) that no fresh map assigned to the field on every
// path before them replaces.
func mapMerges(read *ssa.Call, carriers map[ssa.Value]bool) []recordMutation {
	var out []recordMutation
	for rec := range carriers {
		for _, ref := range *rec.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.X != rec {
				continue
			}
			if _, isMap := fa.Type().(*types.Pointer).Elem().Underlying().(*types.Map); !isMap {
				continue
			}
			name := ssautil.FieldName(fa.X.Type(), fa.Field)
			for _, m := range ssautil.LoadsOf(fa) {
				for _, use := range *m.Referrers() {
					if up, ok := use.(*ssa.MapUpdate); ok && up.Map == m && !replacedBefore(fa, up) {
						out = append(out, recordMutation{at: up, from: read, what: name, carriers: carriers})
					}
				}
			}
		}
	}
	return out
}

// replacedBefore reports whether a fresh map is stored into the field
// that fa addresses (through fa or another address of it) on every path
// to instr: the merge then starts from nothing read.
func replacedBefore(fa *ssa.FieldAddr, instr ssa.Instruction) bool {
	for _, ref := range *fa.X.Referrers() {
		other, ok := ref.(*ssa.FieldAddr)
		if !ok || other.X != fa.X || other.Field != fa.Field {
			continue
		}
		for _, use := range *other.Referrers() {
			st, ok := use.(*ssa.Store)
			if !ok || st.Addr != other {
				continue
			}
			if _, fresh := st.Val.(*ssa.MakeMap); fresh && ssautil.Before(st, instr) {
				return true
			}
		}
	}
	return false
}

// carriesRecord reports whether w writes one of the carriers: among its
// arguments, or as the model of its ORM chain (bun's
// NewUpdate().Model(&poll)).
func carriesRecord(w *dataaccess.Op, carriers map[ssa.Value]bool) bool {
	if carries(w, carriers) {
		return true
	}
	for _, m := range dataaccess.ChainModels(w) {
		if carriers[m] {
			return true
		}
	}
	return false
}
