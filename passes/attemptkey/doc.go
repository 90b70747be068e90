// Package attemptkey defines an Analyzer that reports idempotency keys
// minted once per attempt instead of once per operation, and transport
// delivery handles used as deduplication keys.
//
// # Analyzer attemptkey
//
// attemptkey: report idempotency keys minted on every retry attempt
//
// An idempotency key names one logical operation and is created once,
// when the intent is born. A key minted inside the retry makes every
// attempt a new operation: the server cannot tell a retry from a new
// request and charges, ships or emails again.
//
// WRONG:
//
//	for attempt := 0; attempt < 3; attempt++ {
//		req.Header.Set("Idempotency-Key", uuid.NewString())
//		resp, err := client.Do(req)
//		if err == nil {
//			return resp, nil
//		}
//		time.Sleep(backoff(attempt))
//	}
//
// RIGHT: mint the key once, before the retry, and send the same key on
// every attempt.
//
//	key := uuid.NewString()
//	for attempt := 0; attempt < 3; attempt++ {
//		req.Header.Set("Idempotency-Key", key)
//		...
//	}
//
// A retry is a loop whose outcome test (an error, a retryable-error
// predicate, an HTTP status) sends failures around again and leaves on
// success, or a function handed to a retry helper: cenkalti/backoff
// (Retry, RetryNotify, RetryWithData, v5 Retry), avast/retry-go (Do,
// DoWithData), sethvargo/go-retry (Do, DoValue), client-go's retry.OnError
// and RetryOnConflict, and hand-written helpers that call a func parameter
// in a retry loop (found across packages with facts). A loop over distinct
// items — a range over a collection, an index into a slice, the next
// message from a channel or a consumer, a page number, offset or cursor
// that moves on even when the page failed — is a batch, and one key per
// item is right. So is a poller or worker loop that goes round after a
// success too, calling an operation that takes nothing from the previous
// round (for { tick(); <-ticker.C }): every round is new work. An inner
// range that walks the same collection on every attempt (copying the
// request's metadata onto the params) takes no item from the retry.
//
// Keys come from google/uuid, gofrs/uuid, hashicorp/go-uuid, oklog/ulid,
// segmentio/ksuid, rs/xid, shortuuid, shortid, go-nanoid, crypto/rand,
// math/rand, time.Now (at a precision of seconds or
// finer), stripe.NewIdempotencyKey, and functions that return one of
// those. They are followed through conversions, string building, fmt,
// struct fields and captured variables to a sink: an Idempotency-Key
// header or a prefixed variant (X-, Cko-), PayPal-Request-Id, the headers
// named by -keyheaders, stripe's IdempotencyKey and
// SetIdempotencyKey, AWS ClientToken and MessageDeduplicationId, fields
// and parameters named as an idempotency or dedup key, the runtime
// claim.Key, and claims of the data-access model. A call of an interface
// method does what its implementations in the package or the packages it
// imports do (a gateway's Refund that mints a key on every call), except
// for the standard library's interfaces. A key kept across
// attempts (`if key == "" { key = uuid.NewString() }`) is not reported.
//
// The fix moves `key := uuid.NewString()` above the loop or out of the
// retried function when that is mechanical; otherwise the diagnostic
// points to runtime/claim.
//
// The analyzer also reports transport handles that change on every
// redelivery used as a deduplication key (a claim, a key sink, or a
// processed set: a map of seen keys, a sync.Map, a redis key, a dedup
// table): the AMQP DeliveryTag, the SQS ReceiptHandle, and JetStream's
// NumDelivered and consumer sequence.
//
// WRONG:
//
//	if seen[d.DeliveryTag] { d.Ack(false); continue }
//
// RIGHT: key on the message's identity, which survives redelivery.
//
//	if seen[d.MessageId] { d.Ack(false); continue }
//
// Stable identities — the AMQP and SQS MessageId, the JetStream stream
// sequence, Kafka topic+partition+offset, event ids — are fine.
//
// Flags: -retry names extra retry helpers (qualified or suffix names such
// as example.com/x/retry.Do or Client.WithRetry; the last func-typed
// parameter is the retried operation); -keyheaders names extra headers.
package attemptkey

import (
	_ "embed"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

//go:embed doc.go
var docSource string

// Doc is the analyzer's documentation: the "Analyzer attemptkey" section of the
// package comment above, which is also what go doc shows.
var Doc = analysisdoc.MustExtract(docSource, "attemptkey")
