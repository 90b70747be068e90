// Package viaiface calls Book through an interface of its own whose
// method name the tables do not know; an implementation below it carries
// a summary fact under that name, so the call may run it and the model
// builds the SSA.
package viaiface // want "SSA built"

import (
	"context"

	"fastpath/sqluser"
)

type booker interface {
	Book(ctx context.Context, key string) error
}

var books booker = sqluser.Ledger{}

func Pay(ctx context.Context, b booker) error { return b.Book(ctx, "k") }
