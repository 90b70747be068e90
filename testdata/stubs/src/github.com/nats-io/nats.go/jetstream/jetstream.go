// Package jetstream is a stub of github.com/nats-io/nats.go/jetstream.
package jetstream

import (
	"context"
	"time"

	"github.com/nats-io/nats.go"
)

type (
	Msg interface {
		Metadata() (*MsgMetadata, error)
		Data() []byte
		Headers() nats.Header
		Subject() string
		Ack() error
		DoubleAck(context.Context) error
		Nak() error
		NakWithDelay(delay time.Duration) error
		InProgress() error
		Term() error
	}

	MsgMetadata struct {
		Sequence     SequencePair
		NumDelivered uint64
		NumPending   uint64
		Timestamp    time.Time
		Stream       string
		Consumer     string
		Domain       string
	}

	SequencePair struct {
		Consumer uint64 `json:"consumer_seq"`
		Stream   uint64 `json:"stream_seq"`
	}
)
