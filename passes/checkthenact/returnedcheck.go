package checkthenact

import (
	"fmt"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A service often looks the existing row up in a helper that gathers
// what a request needs: getFaveableStatus(ctx, requester, id) returns
// the status and the requester's fave of it, or nil. The caller tests
// the fave for nil and puts a new one. The helper mixes reads, so its
// summary is no check; the check is the lookup inside it whose record
// the helper returns as it is, and the race runs through the caller's
// nil test.

// returnedCheckRaces reports, at the lookup inside the helper, an insert
// of the looked-up row that a caller runs when the returned record is
// nil.
func returnedCheckRaces(pass *analysis.Pass, judge *Judge, raced map[*dataaccess.Op]bool) {
	for _, check := range judge.model.Ops {
		if raced[check] || check.Kind != apis.Read || judge.NoTwin(check) || judge.FreshKey(check) || dataaccess.KeyValue(check) {
			continue
		}
		index, ok := returnedRecord(check)
		if !ok {
			continue
		}
		for _, site := range judge.callers.sites[check.Fn] {
			call, ok := site.(*ssa.Call)
			if !ok || judge.callers.runAlone(call.Parent()) || judge.model.RunsAtStartup(call) {
				continue
			}
			if w := insertWhenNil(call, index, check, judge); w != nil {
				reportReturnedCheck(pass, check, call, w)
				raced[check] = true
				break
			}
		}
	}
}

// returnedRecord returns the index of the result through which check's
// function hands back the record check looked up: every return gives
// either that record or nil there, and at least one gives the record.
func returnedRecord(check *dataaccess.Op) (int, bool) {
	call, ok := check.Instr.(*ssa.Call)
	if !ok || check.Fn.Signature.Results().Len() < 2 {
		return 0, false
	}
	record := recordOf(call)
	if record == nil {
		return 0, false
	}
	index := -1
	for _, b := range check.Fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, r := range ret.Results {
			if r != record {
				continue
			}
			if index >= 0 && index != i {
				return 0, false
			}
			index = i
		}
	}
	if index < 0 {
		return 0, false
	}
	for _, b := range check.Fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && ret.Results[index] != record && !isNilConst(ret.Results[index]) {
			return 0, false
		}
	}
	return index, true
}

// recordOf returns the record a lookup hands back: its first result
// when that is a pointer to a record.
func recordOf(call *ssa.Call) ssa.Value {
	for _, v := range resultValues(call, 0) {
		if _, isPtr := v.Type().Underlying().(*types.Pointer); isPtr && isRecordType(v.Type()) {
			return v
		}
	}
	return nil
}

// insertWhenNil returns an insert into check's table that the caller at
// call runs only where the returned record (result index) is nil, and
// that nothing serialises with the lookup.
func insertWhenNil(call *ssa.Call, index int, check *dataaccess.Op, judge *Judge) *dataaccess.Op {
	for _, v := range resultValues(call, index) {
		for _, test := range nilTests(v) {
			for _, w := range judge.model.ByFunc[call.Parent()] {
				if w.Kind != apis.Insert || !dataaccess.SameResource(check.Resource, w.Resource) || !onlyOnArm(test, w, call.Parent()) {
					continue
				}
				if serialisedAt(call, w, judge.model.Ops) || reportsError(w) {
					continue
				}
				if answered, _ := judge.callers.duplicateAnswered(check, w); answered {
					continue
				}
				return w
			}
		}
	}
	return nil
}

func reportReturnedCheck(pass *analysis.Pass, check *dataaccess.Op, call *ssa.Call, w *dataaccess.Op) {
	at := pass.Fset.Position(w.Pos())
	pass.Report(analysis.Diagnostic{
		Pos: check.Pos(),
		Message: fmt.Sprintf("check-then-act race: %s, whose record %s returns to %s, and the insert %s runs there when it is nil (%s:%d) are separate steps, so two concurrent callers can both see it absent and both insert (make it one step: %s)",
			describe(check), check.Fn.Name(), call.Parent().Name(), describeAct(w), filepath.Base(at.Filename), at.Line, oneStep(w, check)),
		Related: []analysis.RelatedInformation{
			{Pos: call.Pos(), Message: "the call whose returned record is tested"},
			{Pos: w.Pos(), Message: "insert that runs when the check finds nothing"},
		},
		URL: apis.RuntimeClaimURL,
	})
}
