package uniquekeyed

import (
	"context"
	"testing"

	"github.com/segmentio/kafka-go"

	"uniquekeyed/store"
)

// Near miss: a test's handler runs once, on the test's own message.
func TestRecordOnce(t *testing.T) {
	var ledger *store.Ledger
	handle := func(ctx context.Context, m kafka.Message) error {
		return ledger.Record(ctx, store.Transfer{Reference: string(m.Key)})
	}
	if ledger != nil {
		_ = handle(context.Background(), kafka.Message{})
	}
}
