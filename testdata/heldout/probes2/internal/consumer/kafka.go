// Package consumer holds the message consumers run by the worker.
package consumer

import (
	"context"
	"errors"
	"log/slog"

	"github.com/segmentio/kafka-go"
)

// kafkaLoop fetches messages and commits each one after handle returns nil.
// A message whose handler fails is not committed and comes back after the
// next rebalance or restart.
func kafkaLoop(ctx context.Context, r *kafka.Reader, log *slog.Logger, handle func(context.Context, kafka.Message) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		if err := handle(ctx, m); err != nil {
			log.ErrorContext(ctx, "handle message", "topic", m.Topic, "partition", m.Partition, "offset", m.Offset, "err", err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.ErrorContext(ctx, "commit message", "offset", m.Offset, "err", err)
		}
	}
}
