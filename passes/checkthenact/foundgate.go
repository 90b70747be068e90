package checkthenact

import (
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// One record is often found by its state rather than tested after the
// read:
//
//	err := db.Where("id = ? AND status = ?", id, "pending").First(&o).Error
//	if err != nil {
//		return err       // not pending (or not there): nothing to do
//	}
//	ledger.Credit(o)     // act
//	db.Model(&o).Update("status", "paid")
//
// The WHERE is the gate and "found" is its open arm: two callers both
// find the row pending before either writes, and both act. Safe forms are
// the status gate's: the read locks the row, or the write is the guarded
// transition (UPDATE ... WHERE status = 'pending') whose rows affected
// gate the act.

// foundGates returns a gate for each branch a read of one record selected
// by its state lets through when it found the record. A list read is
// pendingGates's: one gate per element.
func foundGates(op *dataaccess.Op) []gate {
	if !op.SelectsByState || len(listValues(op)) > 0 {
		return nil
	}
	records := recordValues(op)
	if len(records) == 0 {
		return nil
	}
	var gates []gate
	for _, found := range presentBranches(op) {
		gates = append(gates, gate{read: op, body: found, found: true, fn: op.Fn, at: op.Instr, records: records})
	}
	return gates
}
