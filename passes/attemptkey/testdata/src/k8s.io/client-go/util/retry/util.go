// Package retry is a stub of k8s.io/client-go/util/retry.
package retry

import "k8s.io/apimachinery/pkg/util/wait"

var DefaultRetry = wait.Backoff{Steps: 5}

var DefaultBackoff = wait.Backoff{Steps: 4}

func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error { return nil }

func RetryOnConflict(backoff wait.Backoff, fn func() error) error { return nil }
