package checkthenact

import (
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

// recordMutation is such a call and the records it changes.
type recordMutation struct {
	call     *ssa.Call
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
			out = append(out, recordMutation{call: call, carriers: carriers})
		}
	}
	return out
}

// mutatedName names what a mutation changes, for the message.
func mutatedName(m recordMutation) string {
	return "what " + m.call.Call.StaticCallee().Name() + " changes"
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
