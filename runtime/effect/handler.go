package effect

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Handler performs and reconciles one kind of external effect. Its
// Operation names it in Key.Operation, which is how a worker that resumes a
// stored operation after a crash finds the code to run.
type Handler struct {
	Operation string

	// Call performs the effect once, sending a.DownstreamKey as the
	// provider's idempotency key. It is called only after the dispatch was
	// recorded and committed, and its ctx ends before the lease does.
	//
	// Return the provider's answer for a confirmed success; Refuse(answer,
	// cause) for a confirmed, terminal business refusal ("card declined");
	// any other error when the outcome is not known (timeout, connection
	// reset, a 5xx, an answer you cannot parse): the operation becomes
	// UNKNOWN and is reconciled before anything is sent again.
	Call func(ctx context.Context, a Attempt) (answer []byte, err error)

	// Reconcile asks the provider what became of the earlier dispatches of
	// the operation, by a.DownstreamKey. It runs before any dispatch after
	// the first, and whenever a worker resumes an operation that was
	// dispatched. Answer Applied or Refused with the provider's answer when
	// it knows; NotApplied only when the provider guarantees that no earlier
	// dispatch has applied or can still apply (an expired request, a key
	// it will never accept again); Undetermined otherwise, including while
	// an earlier request may still be in flight. An error counts as
	// Undetermined. Required: without it, a dispatch whose answer was lost
	// could never be resolved safely.
	Reconcile func(ctx context.Context, a Attempt) (Verdict, []byte, error)

	// Finish, if set, runs in the transaction that records a terminal state
	// (Completed or Rejected), so the local writes that follow the effect
	// (mark the order paid, write the receipt) commit with its record: the
	// recovery point after the call. If Finish fails, nothing is recorded,
	// the operation stays as it was, and the next owner reconciles it and
	// runs Finish again.
	Finish func(ctx context.Context, tx pgx.Tx, r Result) error
}

// Attempt is what Call and Reconcile get.
type Attempt struct {
	Key Key
	// DownstreamKey is derived once when the operation is recorded and is
	// the same on every dispatch, by any worker: the provider deduplicates
	// on it. Never mint a key per attempt.
	DownstreamKey string
	// Request is the payload recorded with the operation.
	Request []byte
	// Dispatches counts the provider calls made so far, this one included
	// when the Attempt is given to Call.
	Dispatches int
	// Epoch is the lease generation of the worker driving the operation.
	Epoch int64
}

// Verdict is Reconcile's finding.
type Verdict int

const (
	// Undetermined: the provider cannot tell yet. The operation stays
	// UNKNOWN and is reconciled again later.
	Undetermined Verdict = iota
	// NotApplied: no earlier dispatch applied or can still apply. The
	// operation is dispatched again, with the same downstream key.
	NotApplied
	// Applied: the effect happened; the answer is stored as Completed.
	Applied
	// Refused: the provider refused it for good; stored as Rejected.
	Refused
)

func (v Verdict) String() string {
	switch v {
	case Undetermined:
		return "undetermined"
	case NotApplied:
		return "not applied"
	case Applied:
		return "applied"
	case Refused:
		return "refused"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Refusal is a terminal business refusal from the provider; see Refuse.
type Refusal struct {
	Answer []byte
	Cause  error
}

// Refuse is what Call returns when the provider refused the effect for good
// ("card declined"): the operation becomes Rejected with answer, and is
// never dispatched again. cause is for the caller's logs; it is not stored.
func Refuse(answer []byte, cause error) error { return &Refusal{Answer: answer, Cause: cause} }

func (r *Refusal) Error() string {
	if r.Cause != nil {
		return "effect: refused by the provider: " + r.Cause.Error()
	}
	return "effect: refused by the provider"
}

func (r *Refusal) Unwrap() error { return r.Cause }
