// Package claim is a stub of the idemvet runtime claim API.
package claim

import "context"

type Key struct {
	Scope     string
	Operation string
	Key       string
}

type Claimer struct{}

func (c *Claimer) Do(ctx context.Context, key Key, fingerprint []byte, fn func(context.Context) error) error {
	return nil
}
