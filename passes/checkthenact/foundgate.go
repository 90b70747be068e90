package checkthenact

import (
	"golang.org/x/tools/go/ssa"

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
	if !op.SelectsByState {
		return nil
	}
	if lists := listValues(op); len(lists) > 0 {
		return batchGates(op, lists)
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

// A list selected by its state is often consumed whole: what a cart holds
// becomes one order, and then every item is marked checked out.
//
//	db.Where("user_id = ? AND is_deleted = 0", u).Find(&items) // the gate
//	db.Create(&Order{UserID: u, Total: total(items)})          // act
//	db.Model(&CartItem{}).Where("id IN ?", ids).Update("is_deleted", 1)
//
// Two submissions both find the same live items, both create an order
// and both mark them. The gate is the branch where the list is not
// empty; the records are the list, its elements and the slices of their
// fields the code collects (ids) to write them back by.

// batchGates returns a gate for each branch on which a list read by its
// state was found not empty.
func batchGates(op *dataaccess.Op, lists []ssa.Value) []gate {
	var records []ssa.Value
	for _, list := range lists {
		records = append(records, list)
		for _, ref := range *list.Referrers() {
			if ia, ok := ref.(*ssa.IndexAddr); ok && ia.X == list {
				records = append(records, elementRecords(ia)...)
			}
		}
	}
	records = append(records, dataaccess.CollectedFrom(op.Fn, records)...)
	var gates []gate
	for _, found := range presentBranches(op) {
		gates = append(gates, gate{read: op, body: found, found: true, fn: op.Fn, at: op.Instr, records: records})
	}
	return gates
}
