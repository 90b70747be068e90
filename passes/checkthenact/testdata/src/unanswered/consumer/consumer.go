// Package consumer acks device registrations.
package consumer

import (
	"context"
	"errors"

	"unanswered/service"
	"unanswered/store"
)

// ackable answers a registration made before as done.
func ackable(err error) bool {
	return err == nil || errors.Is(err, store.ErrDeviceKnown)
}

func HandleRegistration(ctx context.Context, svc *service.Service, token string) (ack bool) {
	return ackable(svc.RegisterDevice(ctx, token))
}
