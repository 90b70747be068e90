package effect

import (
	"fmt"
	"time"
)

// Options configure a Runner. The zero value of each field means its default.
type Options struct {
	// Lease is how long a worker owns an operation once it starts driving
	// it: nobody else dispatches, reconciles or records it before the lease
	// ends. It must cover a call plus recording its answer. Default 30s.
	Lease time.Duration
	// CallTimeout bounds Call and Reconcile; it must be shorter than Lease,
	// so that the owner records the answer while it still owns the
	// operation. Default Lease/3.
	CallTimeout time.Duration
	// RetryDelay is how long an UNKNOWN operation rests before a worker
	// reconciles it again. Default 5s.
	RetryDelay time.Duration
	// MaxDispatches bounds the provider calls per operation. An operation
	// that reconciles as NotApplied after that many is parked: it stays
	// UNKNOWN, no worker picks it up again, and Run returns ErrParked, for a
	// human to resolve. Default 5.
	MaxDispatches int
	// MaxKeyBytes bounds each Key part. Default 255.
	MaxKeyBytes int
	// MaxRequestBytes bounds the stored request. Default 64 KiB.
	MaxRequestBytes int
	// DownstreamKey derives the provider's idempotency key from the Key,
	// once, when the operation is recorded; the stored value is reused on
	// every dispatch. Default DeriveDownstreamKey.
	DownstreamKey func(Key) string
}

func (o Options) withDefaults() (Options, error) {
	if o.Lease == 0 {
		o.Lease = 30 * time.Second
	}
	if o.CallTimeout == 0 {
		o.CallTimeout = o.Lease / 3
	}
	if o.RetryDelay == 0 {
		o.RetryDelay = 5 * time.Second
	}
	if o.MaxDispatches == 0 {
		o.MaxDispatches = 5
	}
	if o.MaxKeyBytes == 0 {
		o.MaxKeyBytes = 255
	}
	if o.MaxRequestBytes == 0 {
		o.MaxRequestBytes = 64 << 10
	}
	if o.DownstreamKey == nil {
		o.DownstreamKey = DeriveDownstreamKey
	}
	switch {
	case o.Lease < time.Millisecond:
		return o, fmt.Errorf("effect: Lease %v: must be at least 1ms", o.Lease)
	case o.CallTimeout <= 0 || o.CallTimeout >= o.Lease:
		return o, fmt.Errorf("effect: CallTimeout %v: must be positive and shorter than Lease %v", o.CallTimeout, o.Lease)
	case o.RetryDelay < 0 || o.MaxDispatches < 1 || o.MaxKeyBytes < 1 || o.MaxRequestBytes < 1:
		return o, fmt.Errorf("effect: negative bound in %+v", o)
	}
	return o, nil
}
