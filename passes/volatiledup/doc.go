// Package volatiledup defines an Analyzer that reports deduplication
// memory that forgets: an "already done?" test of a process-local map,
// sync.Map or LRU/TTL cache, or a redis GET followed by a plain SET, in
// front of an effect that must not run twice.
//
// # Analyzer volatiledup
//
// volatiledup: report "already handled" records kept in memory that a restart, another replica or an eviction forgets
//
// A consumer or handler that remembers which messages, events or
// idempotency keys it has handled in its own memory forgets them exactly
// when a duplicate arrives: a broker redelivers after a crash or a
// deploy, a load balancer sends the retry to another replica, an LRU or
// TTL cache evicts the entry. The refund, charge, e-mail or publish it
// guards then runs again.
//
// The check reports a lookup whose key names one request, message or
// event (an id, an idempotency key, a field of a broker message) when
//
//   - the memory is a map or sync.Map held in a field of the receiver or
//     in a package variable, or an in-process cache (hashicorp/golang-lru,
//     patrickmn/go-cache, ristretto, bigcache, freecache, ttlcache), also
//     LoadOrStore and ContainsOrAdd used as a claim; or it is redis, read
//     with GET or EXISTS and written with a plain SET;
//   - the branch taken when the key is absent records the key in that
//     memory, before or after the effect or after the if on both paths,
//     also under a mutex (which makes the lookup safe from a concurrent
//     caller, not from a restart), also through small helpers of the
//     package (isEventProcessed(id) returning the found flag,
//     markEventProcessed(id) storing the key);
//   - and that branch performs an effect that doubles when run twice: an
//     external call (payment, e-mail, SMS, publish), a call through one of
//     the module's interfaces implemented with one, a plain insert or a
//     relative update, or a call of a function that does one.
//
// It is silent on a cache of computed values (no such effect on the
// absent branch, an HTTP GET, or a store of what the effect returned), on
// a memory keyed by anything but an id (a URL, a topic, an apiKey), on a
// memory the function only reads (a block list), on a change filter (the
// memory keeps the last value sent, and only an equal value is skipped:
// forgotten, the current state is sent once more), on a memory in front of
// a conditional durable write or an upsert (the database decides; the
// memory only saves a round trip), on redis SET NX, on a map made by the
// call itself, and where
// checkthenact already reports the lookup as a race between concurrent
// callers: that report comes first, and its in-process fix (LoadOrStore)
// is reported here afterwards.
//
// It also reports a durable claim that is deleted on failure after the
// effect it guards: a redis SET NX or an INSERT ... ON CONFLICT DO
// NOTHING of the key, then a DEL or DELETE of the same key, written in an
// error branch or in a deferred cleanup (if !succeeded, if err != nil),
// that a failure after the effect (the order insert after the charge)
// still reaches. The client's retry with the same key claims it again and
// the effect runs twice. It is silent when the cleanup keeps the claim
// once the effect has run (a guard assigned right after the effect, such
// as the charge's id, which the cleanup tests), when every failure that
// deletes the claim comes before the effect, when the key is deleted on
// every return (a lock, not a claim), and when the effect hands the
// provider the claimed key as its idempotency key.
//
// WRONG:
//
//	type Consumer struct {
//		mu       sync.Mutex
//		done     map[string]bool // ids of the refunds made
//		payments Payments
//	}
//
//	func (c *Consumer) Handle(ctx context.Context, msg Refund) error {
//		c.mu.Lock()
//		defer c.mu.Unlock()
//		if c.done[msg.ID] {
//			return nil
//		}
//		if err := c.payments.Refund(ctx, msg.ChargeID, msg.Amount); err != nil {
//			return err
//		}
//		c.done[msg.ID] = true
//		return nil
//	}
//
// RIGHT:
//
//	func (c *Consumer) Handle(ctx context.Context, msg inbox.Message) error {
//		_, err := c.inbox.Process(ctx, msg, func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
//			// recorded on tx with the message id; runtime/effect makes the refund once
//			return c.refunds.Request(ctx, tx, msg.ID, msg.Body)
//		})
//		return err
//	}
//
// The fix is not mechanical and none is offered: record the id durably,
// in the same transaction as the work, with
// github.com/idemvet/idemvet/runtime/inbox for message handlers or
// github.com/idemvet/idemvet/runtime/claim for requests, and send external
// effects through github.com/idemvet/idemvet/runtime/effect.
package volatiledup

import (
	_ "embed"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

//go:embed doc.go
var docSource string

// Doc is the analyzer's documentation: the "Analyzer volatiledup" section
// of the package comment above, which is also what go doc shows.
var Doc = analysisdoc.MustExtract(docSource, "volatiledup")
