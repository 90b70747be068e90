// Package mongostore keeps integration installs, attachments metadata and
// customer profiles in MongoDB.
package mongostore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"example.com/desk5/internal/domain"
)

// Connect opens the client and returns the "desk" database.
func Connect(ctx context.Context, uri string) (*mongo.Database, error) {
	client, err := mongo.Connect(options.Client().ApplyURI(uri).SetConnectTimeout(10 * time.Second))
	if err != nil {
		return nil, err
	}
	if err := client.Ping(ctx, nil); err != nil {
		return nil, err
	}
	return client.Database("desk"), nil
}

// MapErr translates driver errors into domain sentinels.
func MapErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, mongo.ErrNoDocuments):
		return domain.ErrNotFound
	case mongo.IsDuplicateKeyError(err):
		return fmt.Errorf("%w: %v", domain.ErrAlreadyExists, err)
	default:
		return err
	}
}

type Integration struct {
	ID             bson.ObjectID `bson:"_id,omitempty"`
	WorkspaceID    int64         `bson:"workspace_id"`
	Provider       string        `bson:"provider"`
	ExternalTeamID string        `bson:"external_team_id,omitempty"`
	AccessToken    string        `bson:"access_token"`
	Channel        string        `bson:"channel"`
	SubscriptionID string        `bson:"subscription_id,omitempty"`
	InstalledBy    int64         `bson:"installed_by"`
	InstalledAt    time.Time     `bson:"installed_at"`
}

type Attachment struct {
	ID          bson.ObjectID `bson:"_id,omitempty"`
	WorkspaceID int64         `bson:"workspace_id"`
	TicketID    int64         `bson:"ticket_id"`
	SHA256      string        `bson:"sha256"`
	Filename    string        `bson:"filename"`
	ContentType string        `bson:"content_type"`
	Size        int64         `bson:"size"`
	StorageKey  string        `bson:"storage_key"`
	Source      string        `bson:"source"`
	CreatedAt   time.Time     `bson:"created_at"`
}

type indexSpec struct {
	collection string
	name       string
	keys       bson.D
	unique     bool
	partial    bson.M
}

var indexes = []indexSpec{
	{collection: "integrations", name: "ws_provider", keys: bson.D{{Key: "workspace_id", Value: 1}, {Key: "provider", Value: 1}}},
	{
		collection: "integrations", name: "ws_provider_team", unique: true,
		keys:    bson.D{{Key: "workspace_id", Value: 1}, {Key: "provider", Value: 1}, {Key: "external_team_id", Value: 1}},
		partial: bson.M{"external_team_id": bson.M{"$type": "string"}},
	},
	{collection: "attachments", name: "ticket_sha", unique: true, keys: bson.D{{Key: "ticket_id", Value: 1}, {Key: "sha256", Value: 1}}},
	{collection: "profiles", name: "ws_contact", unique: true, keys: bson.D{{Key: "workspace_id", Value: 1}, {Key: "contact_id", Value: 1}}},
}

// EnsureIndexes creates missing indexes. It runs once at process start,
// before the HTTP server and consumers are started.
func EnsureIndexes(ctx context.Context, db *mongo.Database) error {
	for _, spec := range indexes {
		coll := db.Collection(spec.collection)
		existing, err := coll.Indexes().ListSpecifications(ctx)
		if err != nil {
			return fmt.Errorf("list indexes on %s: %w", spec.collection, err)
		}
		found := false
		for _, ix := range existing {
			if ix.Name == spec.name {
				found = true
				break
			}
		}
		if found {
			continue
		}
		opts := options.Index().SetName(spec.name).SetUnique(spec.unique)
		if spec.partial != nil {
			opts.SetPartialFilterExpression(spec.partial)
		}
		if _, err := coll.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: spec.keys, Options: opts}); err != nil {
			return fmt.Errorf("create index %s: %w", spec.name, err)
		}
	}
	return nil
}
