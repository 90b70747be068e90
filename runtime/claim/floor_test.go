package claim_test

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// The floor arms of BenchmarkRatio: what any claim honouring the contract
// costs at least, sent from Go exactly as Do's statements are (pipelined
// batches on a pooled connection), so that Do is measured against them in
// the same run. They are testdata/floor/claim-and-outcome.sql and
// replay-read.sql: the claim row sent with BEGIN, the business insert, the
// outcome stored with COMMIT (three round trips, as in the bare
// transaction); and one read of the stored record in a transaction (one
// round trip). No bounds, no gate, no guard: what Do adds on top is its
// price.

const (
	floorClaimSQL = `INSERT INTO idemvet_claims (scope, operation, key, fingerprint, expires_at)
	VALUES ($1, $2, $3, $4, now() + interval '1 day')
	ON CONFLICT (scope, operation, key) DO NOTHING RETURNING ctid`
	floorStoreSQL = `UPDATE idemvet_claims SET status = $4, body = $5, resource_id = $6
	WHERE scope = $1 AND operation = $2 AND key = $3`
	floorReadSQL = `SELECT fingerprint, status, body, headers::text, resource_id, rejected FROM idemvet_claims
	WHERE scope = $1 AND operation = $2 AND key = $3`
)

func floorInsert(ctx context.Context, e *env) error {
	k := benchKey("floor")
	conn, err := e.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(floorClaimSQL, k.Scope, k.Operation, k.Key, []byte{})
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		return err
	}
	var id int64
	if err := conn.QueryRow(ctx, "INSERT INTO payments (scope, key, amount) VALUES ($1, $2, $3) RETURNING id",
		k.Scope, k.Key, 1).Scan(&id); err != nil {
		conn.Exec(ctx, "ROLLBACK")
		return err
	}
	body := fmt.Appendf(nil, `{"scope":%q,"id":%d,"amount":%d}`, k.Scope, id, 1)
	b = &pgx.Batch{}
	b.Queue(floorStoreSQL, k.Scope, k.Operation, k.Key, 201, body, fmt.Sprint(id))
	b.Queue("COMMIT")
	return conn.SendBatch(ctx, b).Close()
}

// floorReplayer returns the floor of a replay of the key that replayer
// stored: its record read in a transaction, in one round trip.
func floorReplayer(e *env, k string) func(context.Context) error {
	return func(ctx context.Context) error {
		b := &pgx.Batch{}
		b.Queue("BEGIN")
		b.Queue(floorReadSQL, "bench", "POST /payments", k)
		b.Queue("COMMIT")
		br := e.pool.SendBatch(ctx, b)
		_, err := br.Exec()
		if err == nil {
			var fp, body []byte
			var status *int32
			var headers, resourceID *string
			var rejected bool
			err = br.QueryRow().Scan(&fp, &status, &body, &headers, &resourceID, &rejected)
		}
		if closeErr := br.Close(); err == nil {
			err = closeErr
		}
		return err
	}
}
