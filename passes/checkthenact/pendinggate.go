package checkthenact

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// Pending work is often selected by a list query and handled one element
// at a time:
//
//	jobs, _ := store.GetPendingEmails(ctx) // WHERE sent_at IS NULL
//	for _, j := range jobs {
//		mailer.Send(j.To)                   // act
//		store.MarkSent(ctx, j.ID)           // state write
//	}
//
// The query's WHERE is the gate, once per element: two pollers (two
// replicas, or a tick that overlaps the last) both select the row, both
// send, both mark it. Safe forms: the list locks its rows (FOR UPDATE
// SKIP LOCKED) in the transaction that acts, or each element is claimed
// by a conditional update (UPDATE ... SET sent_at = now() WHERE id = $1
// AND sent_at IS NULL) whose rows affected gates the act.

// pendingGates returns one gate per loop over the records a list read
// that selects rows by their state loads: the loop body is the gated
// branch of each element. A list picked by keys (WHERE id IN (...),
// WHERE fork_id = $1) has no gate: its loop updates what it was given.
func pendingGates(op *dataaccess.Op) []gate {
	if !op.SelectsByState {
		return nil
	}
	var gates []gate
	for _, list := range listValues(op) {
		for _, ref := range *list.Referrers() {
			if ia, ok := ref.(*ssa.IndexAddr); ok && ia.X == list {
				gates = append(gates, gate{read: op, body: ia.Block(), fn: op.Fn, at: op.Instr, records: elementRecords(ia)})
			}
		}
	}
	return gates
}

// elementRecords returns an element's address in a list, the element
// loaded from it, and the range variables it is copied into: what a
// gate's records are for one element (lostupdate's elementValues wants
// only the loads).
func elementRecords(ia *ssa.IndexAddr) []ssa.Value {
	records := []ssa.Value{ia}
	for _, elem := range ssautil.LoadsOf(ia) {
		records = append(records, elem)
		records = append(records, rangeVars(elem)...)
	}
	return records
}

// listValues returns the slices of records a read loads: its result, or
// the slice it fills through a pointer (gorm Find(&jobs)).
func listValues(op *dataaccess.Op) []ssa.Value {
	call, ok := op.Instr.(*ssa.Call)
	if !ok {
		return nil
	}
	return yieldedSlices(call, isRecordSlice)
}

// yieldedSlices returns the slices of a type kind accepts that a call
// yields: its result, an extracted result, or the slice it fills through
// a pointer argument, as loaded after the call.
func yieldedSlices(call *ssa.Call, kind func(types.Type) bool) []ssa.Value {
	var lists []ssa.Value
	if kind(call.Type()) {
		lists = append(lists, call)
	}
	for _, ref := range *call.Referrers() {
		if e, ok := ref.(*ssa.Extract); ok && kind(e.Type()) {
			lists = append(lists, e)
		}
	}
	for _, out := range outParams(call.Call.Args) {
		if p, ok := out.Type().Underlying().(*types.Pointer); ok && kind(p.Elem()) {
			lists = append(lists, ssautil.LoadsOf(out)...)
		}
	}
	return lists
}

func isRecordSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && isRecordType(s.Elem())
}

// rangeVars returns the local variables an element is copied into (the
// range variable m of for _, m := range jobs, when its address is taken).
func rangeVars(elem ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *elem.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Val == elem {
			if local, ok := st.Addr.(*ssa.Alloc); ok {
				out = append(out, local)
			}
		}
	}
	return out
}
