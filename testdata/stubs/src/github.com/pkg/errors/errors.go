// Package errors is a stub of github.com/pkg/errors.
package errors

import stderrors "errors"

func Is(err, target error) bool { return stderrors.Is(err, target) }

func Wrap(err error, message string) error { return err }
