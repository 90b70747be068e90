// Package shortuuid is a stub of github.com/lithammer/shortuuid/v4.
package shortuuid

func New() string { return "" }

// NewWithNamespace derives the id from the name: a stable key.
func NewWithNamespace(name string) string { return "" }
