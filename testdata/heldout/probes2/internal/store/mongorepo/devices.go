// Package mongorepo holds the repositories backed by MongoDB.
package mongorepo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// Device is a browser or phone a user has signed in from.
type Device struct {
	ID          bson.ObjectID `bson:"_id,omitempty"`
	UserID      int64         `bson:"user_id"`
	Fingerprint string        `bson:"fingerprint"`
	UserAgent   string        `bson:"user_agent"`
	IP          string        `bson:"ip"`
	FirstSeen   time.Time     `bson:"first_seen"`
	LastSeen    time.Time     `bson:"last_seen"`
}

type DeviceRepo struct {
	coll *mongo.Collection
}

func NewDeviceRepo(db *mongo.Database) *DeviceRepo {
	return &DeviceRepo{coll: db.Collection("devices")}
}

// Find returns the device with the fingerprint for the user; ok is false if
// the user never signed in from it.
func (r *DeviceRepo) Find(ctx context.Context, userID int64, fingerprint string) (Device, bool, error) {
	var d Device
	err := r.coll.FindOne(ctx, bson.M{"user_id": userID, "fingerprint": fingerprint}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Device{}, false, nil
	}
	if err != nil {
		return Device{}, false, fmt.Errorf("find device: %w", err)
	}
	return d, true, nil
}

func (r *DeviceRepo) Insert(ctx context.Context, d Device) error {
	if _, err := r.coll.InsertOne(ctx, d); err != nil {
		return fmt.Errorf("insert device: %w", err)
	}
	return nil
}

func (r *DeviceRepo) Touch(ctx context.Context, id bson.ObjectID, at time.Time) error {
	_, err := r.coll.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"last_seen": at}})
	return err
}

// TrustedBrowser is a browser the user chose to skip 2FA on.
type TrustedBrowser struct {
	ID          bson.ObjectID `bson:"_id,omitempty"`
	UserID      int64         `bson:"user_id"`
	Fingerprint string        `bson:"fingerprint"`
	Label       string        `bson:"label"`
	CreatedAt   time.Time     `bson:"created_at"`
}

type TrustedBrowserRepo struct {
	coll *mongo.Collection
}

func NewTrustedBrowserRepo(db *mongo.Database) *TrustedBrowserRepo {
	return &TrustedBrowserRepo{coll: db.Collection("trusted_browsers")}
}

// EnsureIndexes is run once at start-up.
func (r *TrustedBrowserRepo) EnsureIndexes(ctx context.Context) error {
	_, err := r.coll.Indexes().CreateOne(ctx, mongo.IndexModel{
		Keys:    bson.D{{Key: "user_id", Value: 1}, {Key: "fingerprint", Value: 1}},
		Options: options.Index().SetUnique(true),
	})
	return err
}

func (r *TrustedBrowserRepo) Find(ctx context.Context, userID int64, fingerprint string) (TrustedBrowser, bool, error) {
	var b TrustedBrowser
	err := r.coll.FindOne(ctx, bson.M{"user_id": userID, "fingerprint": fingerprint}).Decode(&b)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return TrustedBrowser{}, false, nil
	}
	if err != nil {
		return TrustedBrowser{}, false, fmt.Errorf("find trusted browser: %w", err)
	}
	return b, true, nil
}

// InsertIfAbsent stores b unless the user already trusts that browser.
func (r *TrustedBrowserRepo) InsertIfAbsent(ctx context.Context, b TrustedBrowser) (bool, error) {
	_, err := r.coll.InsertOne(ctx, b)
	if mongo.IsDuplicateKeyError(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("insert trusted browser: %w", err)
	}
	return true, nil
}
