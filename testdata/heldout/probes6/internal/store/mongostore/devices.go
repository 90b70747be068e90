package mongostore

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"example.com/fleet6/internal/domain"
)

type deviceDoc struct {
	DriverID     int64     `bson:"driver_id"`
	Token        string    `bson:"token"`
	Platform     string    `bson:"platform"`
	RegisteredAt time.Time `bson:"registered_at"`
}

type Devices struct{ S *Store }

// Register stores the driver's push token. The token is unique.
func (d Devices) Register(ctx context.Context, dev domain.Device) error {
	_, err := d.S.DB.Collection("devices").InsertOne(ctx, deviceDoc{
		DriverID: dev.DriverID, Token: dev.Token, Platform: dev.Platform, RegisteredAt: time.Now().UTC(),
	})
	if mongo.IsDuplicateKeyError(err) {
		return domain.ErrAlreadyExists
	}
	if err != nil {
		return fmt.Errorf("register device: %w", err)
	}
	return nil
}

// RegisterWebPush stores a browser push subscription for the dispatcher
// console. The endpoint token is unique.
func (d Devices) RegisterWebPush(ctx context.Context, dev domain.Device) error {
	_, err := d.S.DB.Collection("devices").InsertOne(ctx, deviceDoc{
		DriverID: dev.DriverID, Token: dev.Token, Platform: "web", RegisteredAt: time.Now().UTC(),
	})
	if mongo.IsDuplicateKeyError(err) {
		return fmt.Errorf("web push token: %w", domain.ErrAlreadyExists)
	}
	if err != nil {
		return fmt.Errorf("register web push: %w", err)
	}
	return nil
}

func (d Devices) TokensFor(ctx context.Context, driverID int64) ([]string, error) {
	cur, err := d.S.DB.Collection("devices").Find(ctx, bson.M{"driver_id": driverID})
	if err != nil {
		return nil, fmt.Errorf("tokens: %w", err)
	}
	var docs []deviceDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(docs))
	for _, doc := range docs {
		out = append(out, doc.Token)
	}
	return out, nil
}
