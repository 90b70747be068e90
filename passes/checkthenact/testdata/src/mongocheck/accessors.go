package mongocheck

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

var errAlreadyExists = errors.New("already exists")

// mapErr translates the driver's errors into the store's sentinels.
func mapErr(err error) error {
	switch {
	case err == nil:
		return nil
	case mongo.IsDuplicateKeyError(err):
		return fmt.Errorf("%w: %v", errAlreadyExists, err)
	}
	return err
}

// Installs reaches its collection through an accessor, as most stores do.
type Installs struct{ db *mongo.Database }

func (s *Installs) installs() *mongo.Collection { return s.db.Collection("installs") }

// Two OAuth callbacks both find no install and both insert one: the
// collection's index on (workspace, provider) is not unique, and the
// insert's error is handed back as it is.
func (s *Installs) Install(ctx context.Context, workspace, provider string) error {
	err := s.installs().FindOne(ctx, bson.M{"workspace": workspace, "provider": provider}).Err() // want `existence check FindOne and the insert at line \d+ are separate steps`
	if err == nil {
		return nil
	}
	if !errors.Is(err, mongo.ErrNoDocuments) {
		return err
	}
	_, err = s.installs().InsertOne(ctx, bson.M{"workspace": workspace, "provider": provider})
	return mapErr(err)
}

// Near miss: the insert's duplicate key, translated by mapErr, is
// answered with the install the winner stored.
func (s *Installs) InstallOnce(ctx context.Context, workspace, provider string) error {
	filter := bson.M{"workspace": workspace, "provider": provider}
	err := s.installs().FindOne(ctx, filter).Err()
	if err == nil {
		return nil
	}
	if !errors.Is(err, mongo.ErrNoDocuments) {
		return err
	}
	_, err = s.installs().InsertOne(ctx, filter)
	if err = mapErr(err); errors.Is(err, errAlreadyExists) {
		return s.installs().FindOne(ctx, filter).Err()
	}
	return err
}

// Near miss: the two calls reach different collections through their
// accessors.
func (s *Installs) archive() *mongo.Collection { return s.db.Collection("archived_installs") }

func (s *Installs) Archive(ctx context.Context, workspace, provider string) error {
	err := s.installs().FindOne(ctx, bson.M{"workspace": workspace, "provider": provider}).Err()
	if !errors.Is(err, mongo.ErrNoDocuments) {
		return err
	}
	_, err = s.archive().InsertOne(ctx, bson.M{"workspace": workspace, "provider": provider})
	return err
}
