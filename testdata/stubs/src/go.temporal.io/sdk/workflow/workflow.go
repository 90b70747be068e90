// Package workflow is a stub of go.temporal.io/sdk/workflow for the
// fixtures.
package workflow

import "time"

type Context interface {
	Done() <-chan struct{}
}

type Future interface {
	Get(ctx Context, valuePtr interface{}) error
	IsReady() bool
}

type ActivityOptions struct {
	StartToCloseTimeout time.Duration
}

func WithActivityOptions(ctx Context, options ActivityOptions) Context { return ctx }

func ExecuteActivity(ctx Context, activity interface{}, args ...interface{}) Future { return nil }
