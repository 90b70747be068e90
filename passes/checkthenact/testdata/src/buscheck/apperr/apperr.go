// Package apperr wraps errors with a stack, like github.com/pkg/errors.
package apperr

import "errors"

var ErrNotFound = errors.New("not found")

type wrapped struct{ cause error }

func (w wrapped) Error() string { return w.cause.Error() }

func Wrap(err error) error { return wrapped{err} }

// Cause returns the error err wraps.
func Cause(err error) error {
	if w, ok := err.(wrapped); ok {
		return w.cause
	}
	return err
}
