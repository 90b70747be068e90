// Package bus is a command bus: handlers are registered by the type of
// the message they take and found by reflection when a message is
// dispatched.
package bus

import (
	"context"
	"reflect"
)

type Msg any

var handlers = map[reflect.Type]reflect.Value{}

// AddHandler registers fn, a func(context.Context, *T) error, for *T.
func AddHandler(fn any) {
	v := reflect.ValueOf(fn)
	handlers[v.Type().In(1)] = v
}

// Dispatch runs the handler registered for each message's type.
func Dispatch(ctx context.Context, msgs ...Msg) error {
	for _, msg := range msgs {
		out := handlers[reflect.TypeOf(msg)].Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(msg)})
		if err, _ := out[0].Interface().(error); err != nil {
			return err
		}
	}
	return nil
}
