// Package typesonly imports time for its types and never reads the
// clock, mints nothing and names no key: the fast path skips it.
package typesonly // want "skipped"

import "time"

type Backoff struct {
	Base time.Duration
	Max  time.Duration
}

func (b Backoff) Delay(attempt int) time.Duration {
	d := b.Base << attempt
	if d > b.Max {
		return b.Max
	}
	return d
}
