package claim

import (
	"context"
	"fmt"
)

// Sweep deletes expired records, batchSize at a time (each batch is its own
// short transaction, so it never holds many locks or a long snapshot), until
// none is left or ctx ends. It returns how many it deleted.
//
// Records still inside their TTL, and claims whose transaction is still open,
// are never touched. Run it periodically (a cron job, a ticker); several
// sweepers may run at once.
func (c *Claimer) Sweep(ctx context.Context, batchSize int) (int64, error) {
	if batchSize < 1 {
		return 0, fmt.Errorf("claim: sweep batch size %d: must be positive", batchSize)
	}
	var total int64
	for {
		tag, err := c.pool.Exec(ctx, sweepSQL, batchSize)
		if err != nil {
			return total, fmt.Errorf("claim: sweep: %w", err)
		}
		total += tag.RowsAffected()
		if tag.RowsAffected() < int64(batchSize) {
			return total, nil
		}
	}
}
