package claim

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"
)

// Sentinels for errors.Is; the typed errors below match them.
var (
	// ErrInProgress: another transaction holds the same key and did not
	// finish within Options.LockTimeout. Retry later; see InProgressError.
	ErrInProgress = errors.New("claim: operation in progress")
	// ErrFingerprintMismatch: the key was already used with a different
	// request. Nothing about the earlier request or its outcome is revealed.
	ErrFingerprintMismatch = errors.New("claim: key reused with a different request")
	// ErrInvalidKey: a Key part or the fingerprint is empty, too long or
	// malformed; see KeyError.
	ErrInvalidKey = errors.New("claim: invalid key")
	// ErrOutcomeTooLarge: the outcome exceeds Options.MaxOutcomeBytes. The
	// work was rolled back: an effect without a stored outcome could not be
	// replayed.
	ErrOutcomeTooLarge = errors.New("claim: outcome too large to store")
	// ErrRetriesExhausted: every attempt failed with a serialization failure
	// or deadlock; the last PostgreSQL error is wrapped too.
	ErrRetriesExhausted = errors.New("claim: retries exhausted")
	// ErrInvalidOutcome: the outcome cannot be stored so that its replay
	// equals it (a status outside 100-599, a NUL or invalid UTF-8 in a
	// header or the resource id). The work was rolled back; see
	// OutcomeError. A defect of the caller: HTTP 500.
	ErrInvalidOutcome = errors.New("claim: outcome cannot be stored faithfully")
	// ErrTxState: the function ended the transaction that holds the claim
	// (an Exec of COMMIT or ROLLBACK, or Commit on the caller's tx in DoTx),
	// or returned an outcome from a transaction it left aborted. Nothing was
	// stored; see TxStateError.
	ErrTxState = errors.New("claim: the claim's transaction was ended or aborted by the function")
	// ErrMissingOutcome: the key's record was committed without an outcome,
	// so the effect of its execution is unknown. It happens only when a
	// function committed the claim's transaction itself (see ErrTxState) or
	// the table was edited by hand; the record stays, answered with this
	// error (HTTP 500, never 409), until an operator resolves it.
	ErrMissingOutcome = errors.New("claim: record committed without an outcome")
	// ErrTxOwned is returned by Commit and Rollback on the transaction Do
	// hands to its function: Do commits when the function returns.
	ErrTxOwned = errors.New("claim: the transaction belongs to Do: return an outcome to commit, an error to roll back")
)

// InProgressError is returned when the key is held by a transaction that is
// still open. HTTP: 409 Conflict with a Retry-After header.
type InProgressError struct {
	Key  Key
	Wait time.Duration // how long the call waited for the other transaction
	// After is the suggested delay before retrying (Options.RetryAfter).
	After time.Duration
}

func (e *InProgressError) Error() string {
	return fmt.Sprintf("claim: operation %q key %q is in progress in another transaction (waited %v)",
		e.Key.Operation, e.Key.Key, e.Wait)
}

func (e *InProgressError) Is(target error) bool { return target == ErrInProgress }

// StatusCode is the HTTP status to answer with: 409 Conflict.
func (e *InProgressError) StatusCode() int { return http.StatusConflict }

// RetryAfter is the value for the Retry-After header: whole seconds, at least 1.
func (e *InProgressError) RetryAfter() string {
	return strconv.Itoa(max(1, int(math.Ceil(e.After.Seconds()))))
}

// MismatchError is returned when a key is reused with a request whose
// fingerprint differs from the first one. HTTP: 422 Unprocessable Entity.
type MismatchError struct{ Key Key }

func (e *MismatchError) Error() string {
	return fmt.Sprintf("claim: key %q of operation %q was first used with a different request",
		e.Key.Key, e.Key.Operation)
}

func (e *MismatchError) Is(target error) bool { return target == ErrFingerprintMismatch }

// StatusCode is the HTTP status to answer with: 422 Unprocessable Entity.
func (e *MismatchError) StatusCode() int { return http.StatusUnprocessableEntity }

// KeyError reports a Key part or fingerprint outside the bounds.
// HTTP: 400 Bad Request.
type KeyError struct {
	Field  string // "scope", "operation", "key" or "fingerprint"
	Reason string
	Len    int // length in bytes, when Reason is about length
	Limit  int
}

func (e *KeyError) Error() string {
	if e.Limit > 0 {
		return fmt.Sprintf("claim: invalid key: %s %s (%d bytes, limit %d)", e.Field, e.Reason, e.Len, e.Limit)
	}
	return fmt.Sprintf("claim: invalid key: %s %s", e.Field, e.Reason)
}

func (e *KeyError) Is(target error) bool { return target == ErrInvalidKey }

// StatusCode is the HTTP status to answer with: 400 Bad Request.
func (e *KeyError) StatusCode() int { return http.StatusBadRequest }

// OutcomeTooLargeError reports an outcome over Options.MaxOutcomeBytes. It is
// a server-side defect, not the client's: HTTP 500.
type OutcomeTooLargeError struct{ Size, Limit int }

func (e *OutcomeTooLargeError) Error() string {
	return fmt.Sprintf("claim: outcome is %d bytes, limit %d: work rolled back", e.Size, e.Limit)
}

func (e *OutcomeTooLargeError) Is(target error) bool { return target == ErrOutcomeTooLarge }

// StatusCode is the HTTP status to answer with: 500 Internal Server Error.
func (e *OutcomeTooLargeError) StatusCode() int { return http.StatusInternalServerError }

// OutcomeError reports an outcome that cannot be stored faithfully.
// HTTP: 500 Internal Server Error (a defect of the operation, not the client's).
type OutcomeError struct {
	Field  string // "status", "header", "resource id"
	Reason string
}

func (e *OutcomeError) Error() string {
	return fmt.Sprintf("claim: invalid outcome: %s %s: work rolled back", e.Field, e.Reason)
}

func (e *OutcomeError) Is(target error) bool { return target == ErrInvalidOutcome }

// StatusCode is the HTTP status to answer with: 500 Internal Server Error.
func (e *OutcomeError) StatusCode() int { return http.StatusInternalServerError }

// TxStateError reports that the function ended or aborted the transaction
// that holds the claim. If Committed, the claim was committed without an
// outcome (see ErrMissingOutcome, which it then matches too); otherwise it
// was rolled back and the key is free. HTTP: 500.
type TxStateError struct {
	Key       Key
	State     string // what the function did, for the log
	Committed bool
}

func (e *TxStateError) Error() string {
	if e.Committed {
		return fmt.Sprintf("claim: key %q: the function %s; the claim and the effects were committed without an outcome", e.Key.Key, e.State)
	}
	return fmt.Sprintf("claim: key %q: the function %s; nothing was stored, the key is free", e.Key.Key, e.State)
}

func (e *TxStateError) Is(target error) bool {
	return target == ErrTxState || (e.Committed && target == ErrMissingOutcome)
}

// StatusCode is the HTTP status to answer with: 500 Internal Server Error.
func (e *TxStateError) StatusCode() int { return http.StatusInternalServerError }

// MissingOutcomeError is returned for a key whose record was committed
// without an outcome (see ErrMissingOutcome). HTTP: 500.
type MissingOutcomeError struct{ Key Key }

func (e *MissingOutcomeError) Error() string {
	return fmt.Sprintf("claim: key %q of operation %q was committed without an outcome: its effect is unknown",
		e.Key.Key, e.Key.Operation)
}

func (e *MissingOutcomeError) Is(target error) bool { return target == ErrMissingOutcome }

// StatusCode is the HTTP status to answer with: 500 Internal Server Error.
func (e *MissingOutcomeError) StatusCode() int { return http.StatusInternalServerError }

// HTTPStatus maps an error returned by Do or DoTx to an HTTP status code. ok
// is false for errors this package does not classify (including the
// function's own errors); the caller decides those, usually 500.
func HTTPStatus(err error) (code int, ok bool) {
	var sc interface{ StatusCode() int }
	if errors.As(err, &sc) {
		return sc.StatusCode(), true
	}
	if errors.Is(err, ErrRetriesExhausted) {
		return http.StatusServiceUnavailable, true
	}
	return 0, false
}
