package checkthenact

import (
	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// Careful code acts after the commit, not inside the transaction:
//
//	err := db.Transaction(func(tx *gorm.DB) error {
//		if err := tx.Where("id = ? AND state = ?", id, "pending").First(&inv).Error; err != nil {
//			return err
//		}
//		return tx.Model(&inv).Update("state", "accepted").Error
//	})
//	if err == nil {
//		events.Publish(accepted(inv)) // act
//	}
//
// That keeps an effect from escaping a rollback, but not from running
// twice: under READ COMMITTED both callers find the row pending before
// either commits, both write, both commit, and both publish.

// actAfterCommit returns an external effect of the function around the
// gate's transaction callback that runs only once the runner returned nil,
// or nil. The gate is in the callback; the act is where its commit is.
func actAfterCommit(g gate, ops []*dataaccess.Op) *dataaccess.Op {
	parent := g.fn.Parent()
	if parent == nil {
		return nil
	}
	var runner *dataaccess.Op
	for _, op := range ops {
		if op.TxFunc == g.fn && op.Fn == parent {
			runner = op
			break
		}
	}
	if runner == nil {
		return nil
	}
	for _, op := range ops {
		acts := op.Kind == apis.Effect || op.Summary != nil && op.Summary.Acts
		if op.Fn == parent && acts && dataaccess.NonIdempotent(op) && dataaccess.RunsOnlyAfterSuccess(runner.Instr, op.Instr) {
			return op
		}
	}
	return nil
}
