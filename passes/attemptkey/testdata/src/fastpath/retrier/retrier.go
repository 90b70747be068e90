// Package retrier is a hand-written retry helper: it mints nothing and
// names no key, but its loop calls the attempt it is given, so the check
// looks at it to export the helper's fact.
package retrier // want "may matter"

import "context"

func Do(ctx context.Context, attempts int, op func(context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
	}
	return err
}
