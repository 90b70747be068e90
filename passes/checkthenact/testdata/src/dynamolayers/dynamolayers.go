// Package dynamolayers registers devices through a store interface whose
// lookup answers nil for a device that is not there.
package dynamolayers

import (
	"context"
	"errors"

	"dynamolayers/store"
)

type Devices interface {
	Device(ctx context.Context, userID, deviceID string) (*store.Device, error)
	PutDevice(ctx context.Context, d store.Device) error
	CreateDevice(ctx context.Context, d store.Device) error
}

type Texter interface {
	SendCode(ctx context.Context, phone, code string) error
}

type Registry struct {
	Devices Devices
	Texter  Texter
}

// Two registrations of one device both find none and both text a code.
func (r *Registry) Register(ctx context.Context, userID, deviceID, phone string) error {
	d, err := r.Devices.Device(ctx, userID, deviceID) // want `check-then-act race: the existence check Device and the insert at line \d+ are separate steps, so two concurrent callers can both see it absent and both insert; SendCode at line \d+ runs before the insert`
	if err != nil {
		return err
	}
	if d != nil {
		return nil
	}
	if err := r.Texter.SendCode(ctx, phone, "123456"); err != nil {
		return err
	}
	return r.Devices.PutDevice(ctx, store.Device{UserID: userID, DeviceID: deviceID})
}

// Near miss: the conditional put picks the registration that texts.
func (r *Registry) RegisterOnce(ctx context.Context, userID, deviceID, phone string) error {
	d, err := r.Devices.Device(ctx, userID, deviceID)
	if err != nil {
		return err
	}
	if d != nil {
		return nil
	}
	err = r.Devices.CreateDevice(ctx, store.Device{UserID: userID, DeviceID: deviceID})
	if errors.Is(err, store.ErrDuplicate) {
		return nil
	}
	if err != nil {
		return err
	}
	return r.Texter.SendCode(ctx, phone, "123456")
}
