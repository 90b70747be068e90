// Package cachewrap keys a resend limit in a cache the module wraps behind
// an interface of its own: the Get, the send and the Set are three steps.
package cachewrap

import (
	"context"
	"errors"
	"time"

	"cachewrap/cache"
)

type SMS interface {
	Send(ctx context.Context, phone, code string) error
}

type Codes struct {
	Cache cache.Cache
	SMS   SMS
}

// Two requests both miss the resend key and both send a code.
func (c *Codes) Send(ctx context.Context, phone, code string) error {
	if _, err := c.Cache.Get(ctx, "sms:"+phone); err == nil { // want `check-then-act race: the existence check Get and the insert at line \d+ are separate steps`
		return errors.New("too frequent")
	}
	if err := c.SMS.Send(ctx, phone, code); err != nil {
		return err
	}
	return c.Cache.Set(ctx, "sms:"+phone, code, time.Minute)
}

// Near miss: a cache fill, nothing else happens on the miss.
func (c *Codes) Profile(ctx context.Context, id string) (string, error) {
	if v, err := c.Cache.Get(ctx, "profile:"+id); err == nil {
		return v, nil
	}
	v := "computed"
	return v, c.Cache.Set(ctx, "profile:"+id, v, time.Minute)
}

// Near miss: the key set is another one than the key tested.
func (c *Codes) SendCounted(ctx context.Context, phone, code string) error {
	if _, err := c.Cache.Get(ctx, "sms:"+phone); err == nil {
		return errors.New("too frequent")
	}
	if err := c.SMS.Send(ctx, phone, code); err != nil {
		return err
	}
	return c.Cache.Set(ctx, "sent:"+phone, code, time.Hour)
}
