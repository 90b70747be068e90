// Package viaifacemiss calls through an interface of its own too, but
// under a name that no function with a fact has: the fast path skips it
// (near miss of viaiface).
package viaifacemiss // want "no SSA"

import (
	"context"

	"fastpath/sqluser"
)

type formatter interface {
	Render(ctx context.Context, key string) string
}

func Show(ctx context.Context, f formatter) string { return f.Render(ctx, sqluser.Format("k")) }
