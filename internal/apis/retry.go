package apis

// Row table for retry helpers: library functions that call one of their
// func arguments again after it fails. Code inside that func runs once per
// attempt, so a value it creates is new on every retry.

var retryHelpers = map[lookupKey]int{}

// RetryFuncArg returns the index of the retried func argument of a call to
// pkg.recv.name, and whether the function is a known retry helper.
func RetryFuncArg(pkg, recv, name string) (int, bool) {
	i, ok := retryHelpers[lookupKey{pkg, recv, name}]
	return i, ok
}

// IsRetryPackage reports whether path declares retry helpers; the checks
// use it for their fast path.
func IsRetryPackage(path string) bool { return retryPkgs[path] }

var retryPkgs = map[string]bool{}

func retries(pkg string, funcArg int, names ...string) {
	for _, n := range names {
		retryHelpers[lookupKey{pkg, "", n}] = funcArg
	}
	retryPkgs[pkg] = true
}

func init() {
	// cenkalti/backoff v3 and v4: Retry(operation, b), RetryNotify(operation, b, notify), ...
	for _, pkg := range []string{"github.com/cenkalti/backoff/v4", "github.com/cenkalti/backoff/v3"} {
		retries(pkg, 0, "Retry", "RetryNotify", "RetryNotifyWithTimer",
			"RetryWithData", "RetryNotifyWithData", "RetryNotifyWithTimerAndData")
	}
	// cenkalti/backoff v5: Retry[T](ctx, operation, opts...).
	retries("github.com/cenkalti/backoff/v5", 1, "Retry")
	// avast/retry-go: Do(retryableFunc, opts...), DoWithData(retryableFunc, opts...).
	for _, pkg := range []string{"github.com/avast/retry-go/v4", "github.com/avast/retry-go"} {
		retries(pkg, 0, "Do", "DoWithData")
	}
	// sethvargo/go-retry: Do(ctx, b, f), DoValue[T](ctx, b, f).
	retries("github.com/sethvargo/go-retry", 2, "Do", "DoValue")
	// k8s.io/client-go/util/retry: OnError(backoff, retriable, fn), RetryOnConflict(backoff, fn).
	retries("k8s.io/client-go/util/retry", 2, "OnError")
	retries("k8s.io/client-go/util/retry", 1, "RetryOnConflict")
}
