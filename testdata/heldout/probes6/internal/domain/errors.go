package domain

import "errors"

// Sentinel errors shared by the repositories and services. Handlers map them
// to HTTP status codes in internal/http.
var (
	ErrNotFound      = errors.New("not found")
	ErrAlreadyExists = errors.New("already exists")
	ErrInvalidState  = errors.New("invalid state")
	ErrConflict      = errors.New("conflict")
	ErrQuotaExceeded = errors.New("quota exceeded")
	ErrCouponSpent   = errors.New("coupon has no uses left")
	ErrStaleVersion  = errors.New("stale version")
	ErrSlotTaken     = errors.New("slot already booked")
	ErrUnauthorized  = errors.New("unauthorized")

	// ErrDuplicateInvoice is returned when an invoice number for the
	// merchant and period has already been issued.
	ErrDuplicateInvoice = errors.New("invoice already issued")
)
