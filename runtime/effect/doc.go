// Package effect performs external effects (a charge, an email, a publish)
// at most once per logical operation, across crashes, timeouts and retries,
// on PostgreSQL with pgx/v5.
//
// A call to a payment provider cannot sit in a database transaction, so the
// claim package's one-transaction guarantee does not reach it. Instead each
// operation is a row in a state machine, and the provider's own idempotency
// key carries the guarantee across the gap:
//
//	PENDING    recorded and committed before any call, with a lease
//	  ├─ provider answered                → COMPLETED (answer stored)
//	  ├─ provider refused for good        → REJECTED  (answer stored)
//	  └─ timeout, 5xx, crash, no answer   → UNKNOWN
//	UNKNOWN, or PENDING past its lease    → Reconcile asks the provider:
//	  applied → COMPLETED, refused → REJECTED, cannot tell → UNKNOWN,
//	  confirmed not applied → dispatched again, with the same key
//
// Rules the package keeps by construction:
//
//   - every dispatch is counted and committed before the call, so no call is
//     ever forgotten;
//   - the downstream idempotency key is derived once, when the operation is
//     recorded, stored, and sent on every dispatch by every worker; it is
//     never minted per attempt;
//   - nothing is dispatched a second time until Reconcile confirms the
//     earlier dispatches did not apply; a caller's error, cancellation or
//     timeout never deletes or reopens an operation;
//   - one worker drives an operation at a time: taking it over starts a new
//     lease epoch, and a worker whose epoch has passed can neither dispatch
//     nor record. A lease cannot stop a call already made from completing
//     late; the stable key and Reconcile cover that.
//
// Run records and drives an operation in one call; Enqueue records it in the
// caller's transaction (the outbox pattern: the order row and the intent to
// charge commit together), for Resume or a worker to drive. ResumeDue and
// Work resume operations a crashed or stalled worker left behind. Finish runs
// the local writes that follow the effect in the transaction that records it.
//
// What the package cannot do: make a provider without idempotency keys or a
// status lookup safe. If Reconcile cannot tell, the operation stays UNKNOWN
// and, after MaxDispatches confirmed non-applications, is parked for a
// human. And a provider forgets keys after its own retention window: resume
// operations well within it.
package effect
