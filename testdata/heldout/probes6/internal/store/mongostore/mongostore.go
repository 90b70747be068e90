// Package mongostore keeps customer-facing documents in MongoDB: customer
// profiles, consignees, driver devices, notifications, quotes and vehicle
// tags.
package mongostore

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

type Store struct {
	DB *mongo.Database
}

func Connect(ctx context.Context, uri, database string) (*Store, error) {
	client, err := mongo.Connect(options.Client().ApplyURI(uri))
	if err != nil {
		return nil, fmt.Errorf("mongostore: connect: %w", err)
	}
	if err := client.Ping(ctx, nil); err != nil {
		return nil, fmt.Errorf("mongostore: ping: %w", err)
	}
	return &Store{DB: client.Database(database)}, nil
}

// EnsureIndexes creates the unique indexes the stores rely on.
func (s *Store) EnsureIndexes(ctx context.Context) error {
	idx := []struct {
		coll string
		keys bson.D
	}{
		{"consignees", bson.D{{Key: "tenant_id", Value: 1}, {Key: "email", Value: 1}}},
		{"devices", bson.D{{Key: "token", Value: 1}}},
		{"notifications", bson.D{{Key: "dedup_key", Value: 1}}},
	}
	for _, i := range idx {
		_, err := s.DB.Collection(i.coll).Indexes().CreateOne(ctx, mongo.IndexModel{
			Keys:    i.keys,
			Options: options.Index().SetUnique(true),
		})
		if err != nil {
			return fmt.Errorf("mongostore: index on %s: %w", i.coll, err)
		}
	}
	return nil
}
