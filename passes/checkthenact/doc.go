// Package checkthenact defines an Analyzer that reports an existence check
// whose "absent" branch writes to the same resource without making the
// write atomic with the check.
//
// # Analyzer checkthenact
//
// checkthenact: report existence checks that race the insert they guard
//
// Two concurrent copies of the same request both run the check, both see
// nothing, and both insert: the duplicate charge, the second order, the
// message processed twice. Sequential tests never see it.
//
// WRONG:
//
//	var exists bool
//	if err := db.QueryRowContext(ctx,
//		`SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists); err != nil {
//		return err
//	}
//	if !exists {
//		if _, err := db.ExecContext(ctx, `INSERT INTO payments (key, amount) VALUES ($1, $2)`, key, amount); err != nil {
//			return err
//		}
//		return charge(ctx, amount)
//	}
//
// RIGHT: let the database choose one winner, atomically.
//
//	res, err := db.ExecContext(ctx,
//		`INSERT INTO payments (key, amount) VALUES ($1, $2) ON CONFLICT DO NOTHING`, key, amount)
//	if err != nil {
//		return err
//	}
//	if n, _ := res.RowsAffected(); n == 0 {
//		return nil // a concurrent or earlier request already did it
//	}
//	return charge(ctx, amount)
//
// or use runtime/claim, which claims the key, runs the work and stores the
// outcome in one transaction.
//
// The check is an EXISTS/count/1 query, a QueryRow that ends in ErrNoRows,
// gorm First/Take/Count, ent Exist, sqlx Get, bun Exists, a repository
// ExistsBy/IsProcessed method, redis Exists/Get, sync.Map Load, or a map
// lookup. The write must run only on the check's absent outcome (by
// dominance in the SSA control-flow graph, not by textual order) and touch
// the same table, model, key or repository.
//
// The analyzer stays silent when the write is atomic or serialised:
// INSERT ... ON CONFLICT, INSERT ... WHERE NOT EXISTS, SETNX, LoadOrStore,
// a unique violation (SQLSTATE 23505) handled as the duplicate outcome,
// SELECT ... FOR UPDATE or an advisory transaction lock, a SERIALIZABLE
// transaction, or one mutex held across check and write. REPEATABLE READ
// is not enough: both snapshots see the row absent and both insert.
// In-memory and redis checks are reported only when the absent branch also
// has a side effect (a database write, an HTTP call, a published message):
// filling a cache twice is harmless. A map is reported only when a mutex
// shows it is shared, and is released between the check and the write.
//
// Fixes: sync.Map Load+Store becomes LoadOrStore, redis Exists+Set becomes
// SetNX, gorm Create gains clause.OnConflict{DoNothing: true}, and a raw
// INSERT gains ON CONFLICT DO NOTHING; branch on the rows affected
// afterwards so only the winner runs the side effect.
package checkthenact

import (
	_ "embed"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

//go:embed doc.go
var docSource string

// Doc is the analyzer's documentation: the "Analyzer checkthenact" section of the
// package comment above, which is also what go doc shows.
var Doc = analysisdoc.MustExtract(docSource, "checkthenact")
