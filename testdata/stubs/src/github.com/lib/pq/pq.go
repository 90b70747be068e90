// Package pq is a minimal stub of github.com/lib/pq: the error type
// services match unique violations with.
package pq

type ErrorCode string

// Name returns the condition name of the code ("unique_violation").
func (ec ErrorCode) Name() string { return string(ec) }

type Error struct {
	Code       ErrorCode
	Message    string
	Constraint string
}

func (e *Error) Error() string { return e.Message }
