package mongostore

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

type vehicleProfile struct {
	VehicleID int64    `bson:"_id"`
	Tags      []string `bson:"tags"`
	Equipment []string `bson:"equipment"`
}

type VehicleProfiles struct{ S *Store }

func (v VehicleProfiles) coll() *mongo.Collection { return v.S.DB.Collection("vehicle_profiles") }

func (v VehicleProfiles) Tags(ctx context.Context, vehicleID int64) ([]string, error) {
	var doc vehicleProfile
	err := v.coll().FindOne(ctx, bson.M{"_id": vehicleID}).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("vehicle tags: %w", err)
	}
	return doc.Tags, nil
}

func (v VehicleProfiles) SetTags(ctx context.Context, vehicleID int64, tags []string) error {
	_, err := v.coll().UpdateOne(ctx,
		bson.M{"_id": vehicleID},
		bson.M{"$set": bson.M{"tags": tags}},
		options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("set vehicle tags: %w", err)
	}
	return nil
}

// AddEquipment adds items to the vehicle's equipment set.
func (v VehicleProfiles) AddEquipment(ctx context.Context, vehicleID int64, items ...string) error {
	_, err := v.coll().UpdateOne(ctx,
		bson.M{"_id": vehicleID},
		bson.M{"$addToSet": bson.M{"equipment": bson.M{"$each": items}}},
		options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("add equipment: %w", err)
	}
	return nil
}

func (v VehicleProfiles) Equipment(ctx context.Context, vehicleID int64) ([]string, error) {
	var doc vehicleProfile
	err := v.coll().FindOne(ctx, bson.M{"_id": vehicleID}).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("vehicle equipment: %w", err)
	}
	return doc.Equipment, nil
}
