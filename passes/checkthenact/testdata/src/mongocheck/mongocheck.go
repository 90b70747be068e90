package mongocheck

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
	mongo2 "go.mongodb.org/mongo-driver/v2/mongo"
	options2 "go.mongodb.org/mongo-driver/v2/mongo/options"
)

func findThenInsert(ctx context.Context, db *mongo.Database, id string) error {
	users := db.Collection("users")
	err := users.FindOne(ctx, bson.M{"_id": id}).Err() // want `existence check FindOne and the insert at line 20 .*SetUpsert`
	if err != mongo.ErrNoDocuments {
		return err
	}
	_, err = users.InsertOne(ctx, bson.M{"_id": id})
	return err
}

// The duplicate-key error of the unique _id is handled.
func findThenInsertUnique(ctx context.Context, db *mongo.Database, id string) error {
	users := db.Collection("users")
	err := users.FindOne(ctx, bson.M{"_id": id}).Err()
	if err != mongo.ErrNoDocuments {
		return err
	}
	_, err = users.InsertOne(ctx, bson.M{"_id": id})
	if mongo.IsDuplicateKeyError(err) {
		return nil
	}
	return err
}

func countThenInsert(ctx context.Context, db *mongo.Database, id string) error {
	n, err := db.Collection("users").CountDocuments(ctx, bson.M{"_id": id}) // want `existence check CountDocuments`
	if err != nil || n > 0 {
		return err
	}
	_, err = db.Collection("users").InsertOne(ctx, bson.M{"_id": id})
	return err
}

// Another collection.
func countThenInsertOther(ctx context.Context, db *mongo.Database, id string) error {
	n, err := db.Collection("users").CountDocuments(ctx, bson.M{"_id": id})
	if err != nil || n > 0 {
		return err
	}
	_, err = db.Collection("signups").InsertOne(ctx, bson.M{"_id": id})
	return err
}

// An upsert is one step; so is an update whose options are not in sight.
func countThenUpsert(ctx context.Context, db *mongo.Database, id string, opts *options.UpdateOptions) error {
	users := db.Collection("users")
	n, err := users.CountDocuments(ctx, bson.M{"_id": id})
	if err != nil || n > 0 {
		return err
	}
	if _, err := users.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$setOnInsert": bson.M{"_id": id}}, options.Update().SetUpsert(true)); err != nil {
		return err
	}
	_, err = users.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"seen": true}}, opts)
	return err
}

// The collection handle is a field of the store: the same in both calls.
type store struct {
	users *mongo.Collection
}

func (s *store) findDecodeThenInsert(ctx context.Context, id string) error {
	var u struct{ ID string }
	err := s.users.FindOne(ctx, bson.M{"_id": id}).Decode(&u) // want `existence check FindOne`
	if errors.Is(err, mongo.ErrNoDocuments) {
		_, err = s.users.InsertOne(ctx, bson.M{"_id": id})
	}
	return err
}

// v2: the same race, and an upsert through the options builder.
func findThenInsertV2(ctx context.Context, users *mongo2.Collection, id string) error {
	err := users.FindOne(ctx, map[string]any{"_id": id}).Err() // want `existence check FindOne`
	if !errors.Is(err, mongo2.ErrNoDocuments) {
		return err
	}
	_, err = users.InsertOne(ctx, map[string]any{"_id": id})
	return err
}

func findThenUpsertV2(ctx context.Context, users *mongo2.Collection, id string) error {
	err := users.FindOne(ctx, map[string]any{"_id": id}).Err()
	if !errors.Is(err, mongo2.ErrNoDocuments) {
		return err
	}
	_, err = users.UpdateOne(ctx, map[string]any{"_id": id}, map[string]any{"$setOnInsert": map[string]any{"_id": id}},
		options2.UpdateOne().SetUpsert(true))
	return err
}
