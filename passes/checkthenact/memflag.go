package checkthenact

import (
	"fmt"
	"go/types"
	"iter"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A flag kept in memory beside a mutex is often read under the lock and
// acted on after it is released:
//
//	a.Lock()
//	needsSetup := a.needsUserSetup
//	a.Unlock()
//	if needsSetup {
//		a.createSuperAdmin(ctx, form) // both first requests create one
//		a.Lock()
//		a.needsUserSetup = false
//		a.Unlock()
//	}
//
// The lock orders the read and the write, not the decision: two requests
// both read true before either clears it, and both act. Safe: the test
// and the clearing in one critical section (claim the flag, then act), or
// the lock held across the act.

// memFlagRaces reports a bool field read under a mutex, tested after the
// mutex is released, on whose branch a non-idempotent act runs without
// the lock, when the package writes the field elsewhere (the flag is
// cleared after the act, not where it is tested).
func memFlagRaces(pass *analysis.Pass, judge *Judge) {
	model := judge.model
	for _, fn := range model.SSA().SrcFuncs {
		if len(model.ByFunc[fn]) == 0 || judge.callers.runAlone(fn) || judge.callers.inTestFile(fn) {
			continue
		}
		locks, _ := dataaccess.MutexCalls(fn)
		if len(locks) == 0 {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if r, ok := memFlagRaceAt(judge, fn, instr); ok {
					reportMemFlag(pass, r)
				}
			}
		}
	}
}

type memFlagRace struct {
	load  *ssa.UnOp
	field string
	act   *dataaccess.Op
}

func memFlagRaceAt(judge *Judge, fn *ssa.Function, instr ssa.Instruction) (memFlagRace, bool) {
	load, ok := instr.(*ssa.UnOp)
	if !ok || !ssautil.IsBool(load.Type()) {
		return memFlagRace{}, false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || !mutexHeldAt(load) {
		return memFlagRace{}, false
	}
	field := ssautil.FieldName(fa.X.Type(), fa.Field)
	if !judge.fieldStoredBesides(fa) || claimedWithRead(load, fa, fn) {
		return memFlagRace{}, false
	}
	for _, ifi := range branchesOn(load) {
		if mutexHeldAt(ifi) {
			continue // tested under the lock: judged by what the lock spans
		}
		for _, succ := range ifi.Block().Succs {
			if !enteredOnlyFrom(succ, ifi.Block()) {
				continue
			}
			for _, op := range judge.model.ByFunc[fn] {
				if dataaccess.NonIdempotent(op) && inRegion(op.Instr, fn, []*ssa.BasicBlock{succ}) && !mutexHeldAt(op.Instr) {
					return memFlagRace{load: load, field: field, act: op}, true
				}
			}
		}
	}
	return memFlagRace{}, false
}

// fieldStoredBesides reports whether a function of the package other than
// the constructors stores into the field fa addresses, of the same struct
// type: the flag changes after the act, somewhere else.
func (j *Judge) fieldStoredBesides(fa *ssa.FieldAddr) bool {
	for _, f := range j.model.SSA().SrcFuncs {
		if isConstructor(f) {
			continue
		}
		for range storesToField(f, fa) {
			return true
		}
	}
	return false
}

// claimedWithRead reports whether fn changes the flag after reading it
// in the same critical section: the first caller claims it, and the
// second reads the new value.
func claimedWithRead(load *ssa.UnOp, fa *ssa.FieldAddr, fn *ssa.Function) bool {
	for st := range storesToField(fn, fa) {
		if ssautil.Before(load, st) {
			if held, _ := mutexHeldAcross(load, st); held {
				return true
			}
		}
	}
	return false
}

// storesToField yields fn's stores into the field fa addresses, on any
// value of the same struct type.
func storesToField(fn *ssa.Function, fa *ssa.FieldAddr) iter.Seq[*ssa.Store] {
	return func(yield func(*ssa.Store) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				other, ok := st.Addr.(*ssa.FieldAddr)
				if ok && other.Field == fa.Field && types.Identical(other.X.Type(), fa.X.Type()) && !yield(st) {
					return
				}
			}
		}
	}
}

func reportMemFlag(pass *analysis.Pass, r memFlagRace) {
	line := pass.Fset.Position(r.act.Pos()).Line
	pass.Report(analysis.Diagnostic{
		Pos: r.load.Pos(),
		Message: fmt.Sprintf("check-then-act race: %s is read under the lock here and tested after it is released, then %s at line %d acts and the flag is written in a separate step, so two concurrent callers can both see it and both act (test and change the flag in one critical section before acting, or hold the lock across the act)",
			r.field, describeAct(r.act), line),
		Related: []analysis.RelatedInformation{{Pos: r.act.Pos(), Message: "the act both callers reach"}},
	})
}
