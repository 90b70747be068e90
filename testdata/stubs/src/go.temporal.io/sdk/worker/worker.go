// Package worker is a stub of go.temporal.io/sdk/worker for the fixtures.
package worker

import "go.temporal.io/sdk/activity"

type ActivityRegistry interface {
	RegisterActivity(a interface{})
	RegisterActivityWithOptions(a interface{}, options activity.RegisterOptions)
}

type WorkflowRegistry interface {
	RegisterWorkflow(w interface{})
}

type Registry interface {
	WorkflowRegistry
	ActivityRegistry
}

type Worker interface {
	Registry
	Start() error
	Stop()
}

type Options struct{}

func New(client interface{}, taskQueue string, options Options) Worker { return nil }
