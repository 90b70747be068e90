// Package wait is a stub of k8s.io/apimachinery/pkg/util/wait.
package wait

import "time"

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}
