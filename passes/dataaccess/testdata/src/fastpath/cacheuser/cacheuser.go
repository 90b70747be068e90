// Package cacheuser reads and removes a one-time code through a
// third-party library's cache interface: a small store abstraction whose
// method names the model classifies, so the model builds the SSA (near
// miss of sdkuser, whose interface is an SDK client's).
package cacheuser // want "SSA built"

import (
	"context"

	"example.com/kvcache"
)

func Verify(ctx context.Context, c kvcache.Cache, code string) (bool, error) {
	v, ok, err := c.GetString(ctx, "code:"+code)
	if err != nil || !ok {
		return false, err
	}
	return v != "", c.Del(ctx, "code:"+code)
}
