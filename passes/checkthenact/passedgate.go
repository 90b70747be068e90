package checkthenact

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A status gate is often split between a caller that loads the record
// and a function that tests its state, acts and writes it back:
//
//	order, _ := repo.GetOrder(ctx, id)
//	return svc.Pay(ctx, order) // if order.State != "created" { ... }; charge; save
//
// The gate's record is then a parameter, and the caller's read decides
// whether it was locked.

// passedGates returns the gates on a record parameter of fn, once per
// read of a caller in this package that passes it the record it loaded.
func passedGates(c *callers, model *dataaccess.Result, fn *ssa.Function, usable func(*dataaccess.Op) bool) [][]gate {
	var out [][]gate
	for k, param := range fn.Params {
		unread := paramGates(fn, param)
		if len(unread) == 0 {
			continue
		}
		for _, site := range c.sites[fn] {
			read := readPassing(model, site, site.Common().Args[k])
			if read == nil || !usable(read) {
				continue
			}
			gates := make([]gate, len(unread))
			for i, g := range unread {
				g.read = read
				gates[i] = g
			}
			out = append(out, gates)
		}
	}
	return out
}

// paramGates returns the branches of fn on a state of the record param
// holds or points to, one per branch, without the read that loaded the
// record: a caller supplies it. A record passed by value is the caller's
// row all the same (PayInvoice(ctx, inv Invoice)); SSA keeps it in a
// local of fn, whose fields the gate tests.
func paramGates(fn *ssa.Function, param *ssa.Parameter) []gate {
	if !isRecordType(param.Type()) {
		return nil
	}
	records := []ssa.Value{param}
	if !isPointer(param.Type()) {
		records = append(records, spilledTo(param)...)
	}
	var states []stateValue
	for _, rec := range records {
		states = append(states, fieldLoads(rec, "", 0)...)
		states = append(states, recordPredicates(rec)...)
	}
	var gates []gate
	seen := map[*ssa.If]bool{}
	for _, sv := range states {
		for _, ifi := range branchesOn(sv.v) {
			if !seen[ifi] && !assignedBefore(records, sv.field, ifi) {
				seen[ifi] = true
				gates = append(gates, gate{ifi: ifi, field: sv.field, fn: fn, at: fn.Blocks[0].Instrs[0], records: records, passed: true})
			}
		}
	}
	return gates
}

// spilledTo returns the locals a by-value parameter is copied into on
// entry (t0 = local Invoice (inv); *t0 = inv): its fields are read and
// written there.
func spilledTo(param *ssa.Parameter) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *param.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Val == param {
			if local, ok := st.Addr.(*ssa.Alloc); ok && local.Comment == param.Name() {
				out = append(out, local)
			}
		}
	}
	return out
}

// readPassing returns the read of site's function whose record arg is,
// run before the call, or nil.
func readPassing(model *dataaccess.Result, site ssa.CallInstruction, arg ssa.Value) *dataaccess.Op {
	p := dataaccess.RootPath(arg)
	if !p.Valid() || p.Fields != "" {
		return nil
	}
	for _, op := range model.ByFunc[site.Parent()] {
		if !op.Kind.IsCheck() || !ssautil.Before(op.Instr, site) {
			continue
		}
		for _, rec := range recordValues(op) {
			if rec == p.Base {
				return op
			}
		}
	}
	return nil
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
