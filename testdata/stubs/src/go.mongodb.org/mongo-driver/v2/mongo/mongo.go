// Package mongo is a stub of go.mongodb.org/mongo-driver/v2/mongo.
package mongo

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

var ErrNoDocuments = errors.New("mongo: no documents in result")

type Client struct{}

func (c *Client) StartSession() (*Session, error) { return nil, nil }

type Database struct{}

func (db *Database) Collection(name string) *Collection { return nil }

type Collection struct{}

type SingleResult struct{}

func (r *SingleResult) Err() error { return nil }

type InsertOneResult struct{ InsertedID any }

type UpdateResult struct{ UpsertedCount int64 }

func (coll *Collection) FindOne(ctx context.Context, filter any, opts ...options.Lister[options.FindOneOptions]) *SingleResult {
	return nil
}

func (coll *Collection) InsertOne(ctx context.Context, document any, opts ...options.Lister[options.InsertOneOptions]) (*InsertOneResult, error) {
	return nil, nil
}

func (coll *Collection) UpdateOne(ctx context.Context, filter any, update any, opts ...options.Lister[options.UpdateOneOptions]) (*UpdateResult, error) {
	return nil, nil
}

type Session struct{}

func (s *Session) WithTransaction(ctx context.Context, fn func(ctx context.Context) (any, error), opts ...options.Lister[options.TransactionOptions]) (any, error) {
	return nil, nil
}

func (s *Session) EndSession(ctx context.Context) {}
