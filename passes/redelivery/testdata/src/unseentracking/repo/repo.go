// Package repo declares the tracking store; pgstore implements it and
// main wires one to the other, so the consumer does not import pgstore.
package repo

import "context"

type Ping struct {
	MessageID  string
	ShipmentID int64
	DeltaKm    int64
}

type Tracking interface {
	Apply(ctx context.Context, p Ping) error
	ApplyOnce(ctx context.Context, consumer string, p Ping) (bool, error)
	Locate(ctx context.Context, shipmentID, lat, lng int64) error
}
