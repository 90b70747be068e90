// Package inbox is a stub of idemvet's runtime/inbox.
package inbox

import (
	"context"

	"github.com/jackc/pgx/v5"
)

type Message struct {
	ID   string
	Body []byte
}

type Handler func(ctx context.Context, tx pgx.Tx, msg Message) error

type Disposition int

type Inbox struct{}

func (in *Inbox) Process(ctx context.Context, msg Message, h Handler) (Disposition, error) {
	return 0, nil
}
