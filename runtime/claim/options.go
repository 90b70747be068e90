package claim

import (
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
)

// Options configure a Claimer. The zero value of each field means its default.
type Options struct {
	// TTL is how long a record is honoured at least: Sweep deletes it only
	// after that. Set it above the longest time your clients retry (provider
	// SDKs, queues with redelivery, users pressing "pay" again tomorrow).
	// Default 24h.
	TTL time.Duration
	// LockTimeout bounds how long a concurrent duplicate waits for the
	// transaction that holds the key before failing with ErrInProgress. It
	// applies to the claim statement only; the function's own statements keep
	// the session's lock_timeout. Default 2s.
	LockTimeout time.Duration
	// NonBlocking answers a duplicate whose key is held by an open
	// transaction with ErrInProgress at once (within about a millisecond),
	// instead of waiting up to LockTimeout for the holder to finish: the
	// connection goes back to the pool while the first call runs. This is
	// what the IETF Idempotency-Key draft asks of an HTTP server (409 for a
	// concurrent duplicate). Duplicates that arrive after the first commits
	// still get the replay. See gate.go for how it never answers 409 for a
	// key nobody holds.
	NonBlocking bool
	// MaxWaiters caps how many calls with one key may wait at once in this
	// process for the transaction that holds it; further calls get
	// ErrInProgress at once, without taking a connection, so that a slow
	// request and its retries cannot hold the whole pool. Default 4;
	// negative means no cap. With NonBlocking nobody waits for long; the cap
	// still bounds the rare case described in gate.go.
	MaxWaiters int
	// HoldTimeout bounds, on the server, the transaction that holds a claim:
	// statement_timeout and idle_in_transaction_session_timeout (and, on
	// PostgreSQL 17 and later, transaction_timeout) are set to it with SET
	// LOCAL when the claim is taken. A function that hangs or ignores its
	// context then has its statement cancelled, or its session ended, by
	// PostgreSQL, which rolls the claim back and frees the key, instead of
	// answering 409 for the whole TTL. In DoTx the settings stay in effect
	// in the caller's transaction once a claim is taken. Default 60s;
	// negative leaves the session's settings alone.
	HoldTimeout time.Duration
	// Schema is the PostgreSQL schema of the claims table. Empty means
	// unqualified: the first schema of the search_path that has it.
	Schema string
	// Table is the name of the claims table. Default idemvet_claims.
	Table string
	// RetryAfter is suggested to clients that got ErrInProgress.
	// Default LockTimeout, at least one second.
	RetryAfter time.Duration
	// Isolation is the transaction isolation level of Do: pgx.ReadCommitted,
	// pgx.RepeatableRead or pgx.Serializable. Empty (the default) uses the
	// session's default_transaction_isolation, normally READ COMMITTED,
	// and saves a statement per call.
	Isolation pgx.TxIsoLevel
	// MaxAttempts bounds how often Do runs the whole transaction when it
	// fails with a serialization failure (40001) or deadlock (40P01).
	// Default 5; 1 disables retrying.
	MaxAttempts int
	// Backoff is the base delay before the second attempt; it doubles for
	// each further attempt, with full jitter, and is cut short by ctx.
	// Default 5ms.
	Backoff time.Duration
	// MaxKeyBytes bounds each of Scope, Operation and Key. Default 255.
	MaxKeyBytes int
	// MaxOutcomeBytes bounds the stored body, headers and resource id
	// together. Default 64 KiB.
	MaxOutcomeBytes int
	// ReplayHeaders are the response header names stored and replayed.
	// Default Content-Type and Location.
	ReplayHeaders []string
}

func (o Options) withDefaults() (Options, error) {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&o.TTL, 24*time.Hour)
	def(&o.LockTimeout, 2*time.Second)
	def(&o.RetryAfter, max(time.Second, o.LockTimeout))
	def(&o.Backoff, 5*time.Millisecond)
	def(&o.HoldTimeout, 60*time.Second)
	if o.Table == "" {
		o.Table = Table
	}
	if o.MaxAttempts == 0 {
		o.MaxAttempts = 5
	}
	if o.MaxWaiters == 0 {
		o.MaxWaiters = 4
	}
	if o.MaxKeyBytes == 0 {
		o.MaxKeyBytes = 255
	}
	if o.MaxOutcomeBytes == 0 {
		o.MaxOutcomeBytes = 64 << 10
	}
	if o.ReplayHeaders == nil {
		o.ReplayHeaders = []string{"Content-Type", "Location"}
	}
	switch {
	case o.TTL < time.Millisecond:
		return o, fmt.Errorf("claim: TTL %v: must be at least 1ms", o.TTL)
	case o.LockTimeout < time.Millisecond:
		return o, fmt.Errorf("claim: LockTimeout %v: must be at least 1ms (0 would wait forever)", o.LockTimeout)
	case o.HoldTimeout > 0 && o.HoldTimeout < o.LockTimeout:
		return o, fmt.Errorf("claim: HoldTimeout %v is shorter than LockTimeout %v", o.HoldTimeout, o.LockTimeout)
	case o.MaxAttempts < 1 || o.MaxKeyBytes < 1 || o.MaxOutcomeBytes < 1 || o.Backoff < 0 || o.RetryAfter < 0:
		return o, fmt.Errorf("claim: negative bound in %+v", o)
	}
	if strings.ContainsRune(o.Schema+o.Table, 0) || !utf8.ValidString(o.Schema+o.Table) {
		return o, fmt.Errorf("claim: schema %q or table %q is not a valid name", o.Schema, o.Table)
	}
	switch o.Isolation {
	case "", pgx.ReadCommitted, pgx.RepeatableRead, pgx.Serializable:
	default:
		return o, fmt.Errorf("claim: isolation level %q is not supported", o.Isolation)
	}
	return o, nil
}

func headerSet(names []string) map[string]bool {
	set := make(map[string]bool, len(names))
	for _, n := range names {
		set[http.CanonicalHeaderKey(n)] = true
	}
	return set
}

// tableName is the claims table as an SQL identifier, quoted.
func (o Options) tableName() string {
	if o.Schema == "" {
		return pgx.Identifier{o.Table}.Sanitize()
	}
	return pgx.Identifier{o.Schema, o.Table}.Sanitize()
}
