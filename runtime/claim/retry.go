package claim

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// errRaced: the record that blocked the claim was committed after the claim
// statement's snapshot, so the statement could not read it. Running the
// statement again, with a new snapshot, reads it.
var errRaced = errors.New("claim: the blocking record was committed concurrently")

// Retryable reports whether err means the whole transaction may be run again:
// a serialization failure (40001) or a deadlock (40P01). Do retries these by
// itself; DoTx returns them for the owner of the transaction to retry.
func Retryable(err error) bool {
	code := sqlState(err)
	return code == "40001" || code == "40P01"
}

// sqlState is the SQLSTATE of a PostgreSQL error from pgx (*pgconn.PgError,
// also through its database/sql driver) or lib/pq (*pq.Error), or "".
func sqlState(err error) string {
	var e interface{ SQLState() string }
	if errors.As(err, &e) {
		return e.SQLState()
	}
	return ""
}

// backoff is base·2^(attempt-1), capped at one second, with the upper half
// jittered so that colliding transactions do not collide again in step.
func backoff(base time.Duration, attempt int) time.Duration {
	d := base << min(attempt-1, 20)
	d = min(d, time.Second)
	if d <= 1 {
		return d
	}
	return d/2 + rand.N(d/2)
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
