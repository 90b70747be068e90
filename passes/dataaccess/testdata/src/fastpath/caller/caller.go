// Package caller imports no data-access library itself, but calls a
// helper whose summary fact arrives from its import: the model builds
// its SSA.
package caller // want "SSA built"

import (
	"context"

	"fastpath/sqluser"
)

func Pay(ctx context.Context) error { return sqluser.Record(ctx, "k") }
