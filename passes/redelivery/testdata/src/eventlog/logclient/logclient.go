// Package logclient is the service's view of its log client.
package logclient

import "context"

// Message is a record of the log; Commit marks it processed for the
// consumer group.
type Message interface {
	Value() []byte
	Offset() int64
	Commit(ctx context.Context) error
}

// Notice is a record whose Commit is not an acknowledgement of a payload
// it hands over: it has none.
type Notice interface {
	Commit(ctx context.Context) error
}
