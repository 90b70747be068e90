// Package kvalias re-exports the redis client's types under the module's
// own name, as services do to keep one import of the library.
package kvalias // want "SSA built"

import "github.com/redis/go-redis/v9"

type Cmdable = redis.Cmdable
