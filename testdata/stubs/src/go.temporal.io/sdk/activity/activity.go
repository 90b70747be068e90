// Package activity is a stub of go.temporal.io/sdk/activity for the
// fixtures.
package activity

import "context"

type Logger interface {
	Info(msg string, keyvals ...interface{})
}

type Info struct {
	WorkflowType string
	Attempt      int32
}

type RegisterOptions struct {
	Name string
}

func GetLogger(ctx context.Context) Logger { return nil }

func GetInfo(ctx context.Context) Info { return Info{} }

func RecordHeartbeat(ctx context.Context, details ...interface{}) {}
