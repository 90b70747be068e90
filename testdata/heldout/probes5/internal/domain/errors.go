// Package domain holds the types shared by services, stores and handlers.
package domain

import "errors"

// Sentinel errors returned by stores and services. Stores translate driver
// errors into these so that callers never depend on a specific database.
var (
	ErrNotFound      = errors.New("not found")
	ErrConflict      = errors.New("conflict")
	ErrAlreadyExists = errors.New("already exists")
	ErrQuotaExceeded = errors.New("quota exceeded")
	ErrInvalidToken  = errors.New("invalid or expired token")
	ErrForbidden     = errors.New("forbidden")
	ErrInvalid       = errors.New("invalid input")
	ErrPaymentFailed = errors.New("payment failed")
)

// ValidationError carries a field-level validation message.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Message }

func (e *ValidationError) Unwrap() error { return ErrInvalid }

// Invalid builds a ValidationError.
func Invalid(field, msg string) error { return &ValidationError{Field: field, Message: msg} }
