// Package handwritten uses retry helpers, key sources and key sinks from
// other packages, known here through their facts.
package handwritten

import (
	"context"
	"net/http"

	"keys"
	"retrylib"
)

var client = &http.Client{}

func send(ctx context.Context, key string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
	keys.SetKey(req, key)
	_, err := client.Do(req)
	return err
}

func viaDo(ctx context.Context) error {
	return retrylib.Do(ctx, 3, func(ctx context.Context) error {
		return send(ctx, keys.NewKey()) // want "minted on every attempt"
	})
}

// Near miss: minted once, before the helper.
func viaDoStable(ctx context.Context) error {
	key := keys.NewKey()
	return retrylib.Do(ctx, 3, func(ctx context.Context) error {
		return send(ctx, key)
	})
}

// Near miss: a derived key is the same on every attempt.
func viaDoDerived(ctx context.Context, orderID string) error {
	return retrylib.Do(ctx, 3, func(ctx context.Context) error {
		return send(ctx, keys.KeyFor(orderID))
	})
}

// Near miss: the caller's key is kept when there is one.
func viaDoDefault(ctx context.Context, key string) error {
	return retrylib.Do(ctx, 3, func(ctx context.Context) error {
		return send(ctx, keys.KeyOrDefault(key))
	})
}

func viaWrap(ctx context.Context) error {
	return retrylib.Wrap(func() error {
		return keys.ChargeNow(ctx, client) // want "minted on every attempt"
	})
}

func viaMethod(ctx context.Context, c *retrylib.Client) error {
	return c.WithRetry(ctx, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/refunds", nil)
		keys.SetKey(req, keys.NewKey()) // want "minted on every attempt"
		_, err := client.Do(req)
		return err
	})
}

// Near miss: a batch helper runs fn once per item; one key per item.
func viaEach(ctx context.Context, orders []string) error {
	return retrylib.Each(orders, func(order string) error {
		return send(ctx, keys.NewKey())
	})
}

// Near miss: a periodic job is not a retry.
func viaPoll(ctx context.Context) {
	retrylib.Poll(ctx, 0, func() error {
		return send(ctx, keys.NewKey())
	})
}

// Near miss: the client fills the key in once and the retries reuse it.
func viaDefaultingClient(ctx context.Context, p *keys.ChargeParams) error {
	return retrylib.Do(ctx, 3, func(ctx context.Context) error {
		return keys.Create(ctx, client, p)
	})
}

func viaRunner(ctx context.Context, r *retrylib.Runner) error {
	return r.Run(ctx, func(ctx context.Context) error {
		return send(ctx, keys.NewKey()) // want "minted on every attempt"
	})
}

// Near miss: Apply runs op once.
func viaApply(ctx context.Context, r *retrylib.Runner) error {
	return r.Apply(ctx, func(ctx context.Context) error {
		return send(ctx, keys.NewKey())
	})
}
