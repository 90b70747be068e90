// Package consumer runs the queue handlers of the shop. Every topic is
// consumed by one group across all replicas; a message whose handler fails
// or whose replica dies before Ack is delivered again.
package consumer

import (
	"context"
	"encoding/json"
	"log/slog"

	"golang.org/x/sync/errgroup"

	"example.com/shop4/internal/clients/queue"
)

type Subscriber interface {
	Consume(ctx context.Context, topic string, h queue.Handler) error
}

type Route struct {
	Topic   string
	Handler queue.Handler
}

// Run consumes every route until ctx ends.
func Run(ctx context.Context, sub Subscriber, routes ...Route) error {
	g, ctx := errgroup.WithContext(ctx)
	for _, r := range routes {
		g.Go(func() error {
			slog.InfoContext(ctx, "consuming", "topic", r.Topic)
			return sub.Consume(ctx, r.Topic, r.Handler)
		})
	}
	return g.Wait()
}

func decode(d queue.Delivery, v any) error {
	return json.Unmarshal(d.Body, v)
}
