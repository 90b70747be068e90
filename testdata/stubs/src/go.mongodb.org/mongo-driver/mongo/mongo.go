// Package mongo is a stub of go.mongodb.org/mongo-driver/mongo.
package mongo

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/mongo/options"
)

var ErrNoDocuments = errors.New("mongo: no documents in result")

func IsDuplicateKeyError(err error) bool { return false }

type Client struct{}

func (c *Client) Database(name string) *Database { return nil }

func (c *Client) StartSession() (Session, error) { return nil, nil }

type Database struct{}

func (db *Database) Collection(name string) *Collection { return nil }

type Collection struct{}

type SingleResult struct{}

func (r *SingleResult) Decode(v interface{}) error { return nil }

func (r *SingleResult) Err() error { return nil }

type InsertOneResult struct{ InsertedID interface{} }

type UpdateResult struct{ UpsertedCount int64 }

func (coll *Collection) FindOne(ctx context.Context, filter interface{}, opts ...*options.FindOneOptions) *SingleResult {
	return nil
}

func (coll *Collection) CountDocuments(ctx context.Context, filter interface{}, opts ...*options.CountOptions) (int64, error) {
	return 0, nil
}

func (coll *Collection) InsertOne(ctx context.Context, document interface{}, opts ...*options.InsertOneOptions) (*InsertOneResult, error) {
	return nil, nil
}

func (coll *Collection) UpdateOne(ctx context.Context, filter interface{}, update interface{}, opts ...*options.UpdateOptions) (*UpdateResult, error) {
	return nil, nil
}

type SessionContext interface {
	context.Context
	Session
}

type Session interface {
	WithTransaction(ctx context.Context, fn func(ctx SessionContext) (interface{}, error), opts ...*options.TransactionOptions) (interface{}, error)
	EndSession(context.Context)
}
