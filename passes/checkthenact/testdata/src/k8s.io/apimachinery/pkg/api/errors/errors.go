// Package errors is a stub of k8s.io/apimachinery/pkg/api/errors.
package errors

func IsNotFound(err error) bool      { return err != nil }
func IsAlreadyExists(err error) bool { return err != nil }
func IsConflict(err error) bool      { return err != nil }
