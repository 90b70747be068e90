// Package driver is a stub of the ArangoDB driver's database interface:
// its presence questions are about the schema.
package driver

import "context"

type Collection interface{}

type Database interface {
	CollectionExists(ctx context.Context, name string) (bool, error)
	CreateCollection(ctx context.Context, name string, options any) (Collection, error)
}
