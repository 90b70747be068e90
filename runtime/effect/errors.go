package effect

import (
	"errors"
	"fmt"
)

// Sentinels for errors.Is; the typed errors below match them.
var (
	// ErrInProgress: another worker holds the operation's lease. Its
	// outcome will be recorded by that worker; ask again later.
	ErrInProgress = errors.New("effect: operation in progress")
	// ErrUnknown: the provider's answer is not known yet (a timeout, a
	// 5xx, a crash before recording). The operation is UNKNOWN and will be
	// reconciled, never blindly dispatched again.
	ErrUnknown = errors.New("effect: outcome unknown, to be reconciled")
	// ErrLeaseLost: the lease expired during the call and another worker
	// took the operation over; that worker reconciles and records it.
	ErrLeaseLost = errors.New("effect: lease lost to another worker")
	// ErrParked: MaxDispatches calls were made and the operation still did
	// not apply. No worker picks it up again; a human must resolve it.
	ErrParked = errors.New("effect: operation parked after too many dispatches")
	// ErrRequestMismatch: the key was first recorded with another request.
	ErrRequestMismatch = errors.New("effect: key reused with a different request")
	// ErrNoHandler: no Handler for the operation.
	ErrNoHandler = errors.New("effect: no handler for the operation")
	// ErrNotFound: Resume was given a key that was never recorded.
	ErrNotFound = errors.New("effect: no such operation")
	// ErrRequestTooLarge: the request exceeds Options.MaxRequestBytes.
	ErrRequestTooLarge = errors.New("effect: request too large to store")
)

// InProgressError is returned when another worker holds the lease.
type InProgressError struct{ Key Key }

func (e *InProgressError) Error() string {
	return fmt.Sprintf("effect: operation %q key %q is held by another worker", e.Key.Operation, e.Key.Key)
}

func (e *InProgressError) Is(target error) bool { return target == ErrInProgress }

// UnknownError is returned when the operation is left UNKNOWN.
type UnknownError struct {
	Key        Key
	Dispatches int
	Cause      error // the call's error, or the reconciliation's
}

func (e *UnknownError) Error() string {
	return fmt.Sprintf("effect: operation %q key %q: outcome unknown after %d dispatch(es), to be reconciled: %v",
		e.Key.Operation, e.Key.Key, e.Dispatches, e.Cause)
}

func (e *UnknownError) Is(target error) bool { return target == ErrUnknown }

func (e *UnknownError) Unwrap() error { return e.Cause }
