// Package decorator wraps command handlers of any command type: a generic
// interface that other packages instantiate and name as their own type.
package decorator

import (
	"context"
	"log"
)

type CommandHandler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

type logging[C any] struct{ base CommandHandler[C] }

func (l logging[C]) Handle(ctx context.Context, cmd C) error {
	log.Printf("handling %T", cmd)
	return l.base.Handle(ctx, cmd)
}

// WithLogging logs each command before its handler runs it.
func WithLogging[C any](h CommandHandler[C]) CommandHandler[C] { return logging[C]{base: h} }
