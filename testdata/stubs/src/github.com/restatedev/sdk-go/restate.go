// Package restate is a stub of github.com/restatedev/sdk-go: the contexts
// its handlers receive.
package restate

import "context"

// Context is a service handler's: invocations run concurrently.
type Context interface {
	context.Context
}

// ObjectContext is a virtual object's exclusive handler's: one invocation
// at a time per object key.
type ObjectContext interface {
	Context
	Key() string
}

// ObjectSharedContext is a virtual object's shared handler's: concurrent.
type ObjectSharedContext interface {
	Context
	Key() string
}

// WorkflowContext is a workflow's run handler's: once per workflow id.
type WorkflowContext interface {
	ObjectContext
}

// RunContext is what restate.Run hands its closure.
type RunContext interface {
	context.Context
}

// Run journals fn's result as one step of the handler.
func Run[T any](ctx Context, fn func(RunContext) (T, error)) (T, error) {
	var zero T
	return zero, nil
}
