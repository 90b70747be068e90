// Package reexportuser calls the redis client through the module's
// re-exported type: it imports no library the tables know, but the calls
// are the library's, so the model builds the SSA.
package reexportuser // want "SSA built"

import (
	"context"
	"time"

	"fastpath/kvalias"
)

type store struct{ rdb kvalias.Cmdable }

// Keep calls a command no name table knows: only its library says it is
// the store's.
func (s *store) Keep(ctx context.Context, key string) error {
	return s.rdb.Expire(ctx, key, time.Hour).Err()
}
