package checkthenact

import (
	"fmt"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A lost update is often split as a status gate is (passedgate.go): a
// caller loads the record and hands it to a function that computes from
// a quantity it holds and writes it back:
//
//	user := loadUser(c)
//	validate2FACode(c, user, code) // user.Backups = slices.Delete(...); UpdateUser(user)
//
// The record is then a parameter of the function, and the caller's read
// decides whether the row was locked.

// paramWriteBack is a function's write back of a quantity its record
// parameter holds, computed from it.
type paramWriteBack struct {
	records []ssa.Value
	field   string
	calc    ssa.Value
	write   *dataaccess.Op
}

// passedLostUpdates reports, at the read, a record a caller in this
// package loads and hands to a function of the package that writes one
// of its quantities back computed, unless the read locked the row or the
// two are serialised.
func passedLostUpdates(pass *analysis.Pass, judge *Judge, usable func(*dataaccess.Op) bool, reported map[*dataaccess.Op]bool) {
	model := judge.model
	for _, fn := range model.SSA().SrcFuncs {
		for k, param := range fn.Params {
			wb, ok := writeBackOfParam(fn, param, model.ByFunc[fn])
			if !ok {
				continue
			}
			for _, site := range judge.callers.sites[fn] {
				if k >= len(site.Common().Args) {
					continue
				}
				read := readPassing(model, site, site.Common().Args[k])
				if read == nil || reported[read] || !usable(read) || readSerialised(read, model.Ops) {
					continue
				}
				if held, _ := mutexHeldAcross(read.Instr, site); held || !sameRow(read, wb.records, wb.field, wb.write) || wonGuardBefore(read, site, model.Ops) {
					continue
				}
				reportPassedLostUpdate(pass, read, fn, wb)
				reported[read] = true
			}
		}
	}
}

// writeBackOfParam returns fn's write of a quantity of the record param
// holds, computed from the value it held on entry.
func writeBackOfParam(fn *ssa.Function, param *ssa.Parameter, ops []*dataaccess.Op) (paramWriteBack, bool) {
	if len(ops) == 0 || !isRecordType(param.Type()) {
		return paramWriteBack{}, false
	}
	records := []ssa.Value{param}
	if !isPointer(param.Type()) {
		records = append(records, spilledTo(param)...)
	}
	for _, rec := range records {
		for _, q := range fieldLoads(rec, "", 0) {
			if !isQuantity(q) {
				continue
			}
			for _, calc := range arithmeticOn(q.v) {
				carriers := carriersOf(calc)
				carried := func(w *dataaccess.Op) bool { return carriesRecord(w, carriers) }
				for _, w := range ops {
					if storesBack(w, q.field, calc.(ssa.Instruction), carried) {
						return paramWriteBack{records: records, field: q.field, calc: calc, write: w}, true
					}
				}
			}
		}
	}
	return paramWriteBack{}, false
}

// isQuantity reports whether a loaded field is one a write back can lose
// a change of: a number not named for a time, a flag, a list.
func isQuantity(q stateValue) bool {
	return q.field != "" && isAmount(q) || isFlagOrList(q)
}

func reportPassedLostUpdate(pass *analysis.Pass, read *dataaccess.Op, fn *ssa.Function, wb paramWriteBack) {
	at := pass.Fset.Position(wb.write.Pos())
	pass.Report(analysis.Diagnostic{
		Pos: read.Pos(),
		Message: fmt.Sprintf("lost update: %s read here is handed to %s, which writes it back (%s:%d) as a value computed from it, in a separate step, so two concurrent callers both read the same value and the second write overwrites the first: one change is lost (let the database compute it, or read the row FOR UPDATE in the transaction that writes)",
			wb.field, fn.Name(), filepath.Base(at.Filename), at.Line),
		Related: []analysis.RelatedInformation{
			{Pos: wb.calc.Pos(), Message: "the new value, computed from the one read"},
			{Pos: wb.write.Pos(), Message: "the write that stores it"},
		},
		URL: apis.RuntimeClaimURL,
	})
}
