package checkthenact

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// What other checks need of this one's judgement, kept here so that the
// outcome of a check is read in one place: volatiledup asks which blocks
// run when a lookup found nothing, and whether this check already reports
// the lookup (one message per position).

// AbsentBranches returns the blocks entered only when the check op found
// nothing (see absentBranches).
func AbsentBranches(op *dataaccess.Op) []*ssa.BasicBlock { return absentBranches(op) }

// InRegion reports whether instr, located in fn or in a closure fn
// creates, runs only after entering one of the blocks.
func InRegion(instr ssa.Instruction, fn *ssa.Function, region []*ssa.BasicBlock) bool {
	return inRegion(instr, fn, region)
}

// AfterRegion reports whether instr, in the function of the region, can
// run after entering one of its blocks (see afterRegion).
func AfterRegion(instr ssa.Instruction, region []*ssa.BasicBlock) bool {
	return afterRegion(instr, region)
}

// WonFirst reports whether op, on the check's absent branch, runs only
// for the caller a claim before it picked (see wonFirst): a memory in
// front of that claim only saves a round trip.
func WonFirst(op, check *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) bool {
	return wonFirst(op.Instr, check, ops, region)
}

// Judge answers, for one package, what this check decides about a check
// operation.
type Judge struct {
	model   *dataaccess.Result
	callers *callers
}

// NewJudge prepares the judgements for the package model describes.
func NewJudge(fset *token.FileSet, model *dataaccess.Result) *Judge {
	return &Judge{model: model, callers: newCallers(fset, model)}
}

// NoTwin reports whether no concurrent or later twin of check's function
// is in sight: startup code, code its callers serialise, a test.
func (j *Judge) NoTwin(check *dataaccess.Op) bool {
	return j.model.IsStartup(check) || j.callers.runAlone(check.Fn) || j.callers.inTestFile(check.Fn)
}

// FreshKey reports whether check looks up a key no concurrent twin can
// share: one this call minted (see freshKey), or the key of a row its
// function inserted before it (see keyOfNewRow).
func (j *Judge) FreshKey(check *dataaccess.Op) bool {
	return freshKey(check) || keyOfNewRow(check, j.model.ByFunc[check.Fn])
}

// ReportsRace reports whether this check reports check as a check-then-act
// race (a racing insert, or an act its atomic insert does not gate).
func (j *Judge) ReportsRace(check *dataaccess.Op) bool {
	if !check.Kind.IsCheck() || j.NoTwin(check) || j.FreshKey(check) {
		return false
	}
	if write, _ := racingWrite(check, j.model.Ops, j.callers); write != nil {
		return true
	}
	_, act := ungatedAct(check, j.model.Ops, j.callers)
	return act != nil
}

// IdempotencyKeys returns the values a call passes as its provider's
// idempotency key (see idempotencyKeys): an external call that carries one
// is answered, not repeated, when it is made again with the same key.
func IdempotencyKeys(call *ssa.CallCommon) []ssa.Value { return idempotencyKeys(call) }
