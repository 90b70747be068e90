package statusgate

import (
	"context"
	"net/http"
	"strings"

	"gorm.io/gorm"
)

// A dispatch whose idempotency key rides in an option (Restate's
// Send(ctx, req, restate.WithIdempotencyKey(k))) is deduplicated by the
// engine like a keyed provider call.

type sendOptions struct{ key string }

type SendOption func(*sendOptions)

// WithIdempotencyKey makes the engine run one invocation per key.
func WithIdempotencyKey(key string) SendOption {
	return func(o *sendOptions) { o.key = key }
}

type Teardowns struct{ endpoint string }

// Send dispatches a teardown to the workflow engine.
func (t *Teardowns) Send(ctx context.Context, workspace string, opts ...SendOption) error {
	var o sendOptions
	for _, opt := range opts {
		opt(&o)
	}
	req, err := http.NewRequestWithContext(ctx, "POST", t.endpoint, strings.NewReader(workspace))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", o.key)
	_, err = http.DefaultClient.Do(req)
	return err
}

// Near miss: the teardown's key is made of the workspace's billing row;
// a second cancellation's dispatch is the first one again.
func cancelPlanKeyed(ctx context.Context, db *gorm.DB, t *Teardowns, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil {
		return err
	}
	if r.Status == "cancelled" {
		return nil
	}
	if err := t.Send(ctx, r.Charge, WithIdempotencyKey("teardown-"+r.Charge)); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "cancelled").Error
}

// The dispatch with no key runs once per caller.
func cancelPlan(ctx context.Context, db *gorm.DB, t *Teardowns, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil { // want `status-gate race: Status read here is tested, then Send`
		return err
	}
	if r.Status == "cancelled" {
		return nil
	}
	if err := t.Send(ctx, r.Charge); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "cancelled").Error
}
