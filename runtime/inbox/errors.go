package inbox

import (
	"errors"
	"fmt"
)

// ErrNoMessageID: the message carries no producer id, so redeliveries of
// it cannot be recognised. Configure the producer to set one (AMQP
// MessageId, the Nats-Msg-Id header); never use a delivery tag, sequence
// number or receipt handle, which change on every delivery.
var ErrNoMessageID = errors.New("inbox: message has no producer id")

// HandlerError is returned when the handler failed and the message should
// be delivered again: its writes were rolled back and the failure counted.
type HandlerError struct {
	MessageID string
	Failures  int // failed attempts so far, this one included
	Err       error
}

func (e *HandlerError) Error() string {
	return fmt.Sprintf("inbox: message %q failed (attempt %d): %v", e.MessageID, e.Failures, e.Err)
}

func (e *HandlerError) Unwrap() error { return e.Err }
