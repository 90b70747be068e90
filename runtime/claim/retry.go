package claim

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// errRaced: the record that blocked the claim was committed after the claim
// statement's snapshot, so the statement could not read it. Running the
// statement again, with a new snapshot, reads it.
var errRaced = errors.New("claim: the blocking record was committed concurrently")

// Retryable reports whether err means the whole transaction may be run again:
// a serialization failure (40001) or a deadlock (40P01). Do retries these by
// itself; DoTx returns them for the owner of the transaction to retry.
func Retryable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "40001" || pgErr.Code == "40P01"
	}
	return false
}

func retryable(err error) bool { return errors.Is(err, errRaced) || Retryable(err) }

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
