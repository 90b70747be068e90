package claimtx

import (
	"context"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	mongo2 "go.mongodb.org/mongo-driver/v2/mongo"
)

// Shipments ships each order once per idempotency key, in MongoDB.
type Shipments struct {
	client *mongo.Client
	db     *mongo.Database
}

// Ship inserts the claim with the outer context, outside the session's
// transaction, and writes the shipment inside it: the claim commits on
// its own.
func (s *Shipments) Ship(ctx context.Context, key, orderID string) error {
	if _, err := s.db.Collection("processed_requests").InsertOne(ctx, bson.M{"_id": key}); err != nil { // want:claimtx
		return err
	}
	sess, err := s.client.StartSession()
	if err != nil {
		return err
	}
	defer sess.EndSession(ctx)
	_, err = sess.WithTransaction(ctx, func(sc mongo.SessionContext) (interface{}, error) {
		return s.db.Collection("shipments").InsertOne(sc, bson.M{"order": orderID})
	})
	return err
}

// ShipInTx inserts the claim with the transaction's context, inside the
// callback: claim and shipment commit together.
func (s *Shipments) ShipInTx(ctx context.Context, key, orderID string) error {
	sess, err := s.client.StartSession()
	if err != nil {
		return err
	}
	defer sess.EndSession(ctx)
	_, err = sess.WithTransaction(ctx, func(sc mongo.SessionContext) (interface{}, error) {
		if _, err := s.db.Collection("processed_requests").InsertOne(sc, bson.M{"_id": key}); err != nil {
			return nil, err
		}
		return s.db.Collection("shipments").InsertOne(sc, bson.M{"order": orderID})
	})
	return err
}

// ShipV2 does the same with the v2 driver, whose callback takes a plain
// context: the claim made with the outer one commits on its own.
func ShipV2(ctx context.Context, client *mongo2.Client, db *mongo2.Database, key, orderID string) error {
	if _, err := db.Collection("processed_requests").InsertOne(ctx, bson.M{"_id": key}); err != nil { // want:claimtx
		return err
	}
	sess, err := client.StartSession()
	if err != nil {
		return err
	}
	defer sess.EndSession(ctx)
	_, err = sess.WithTransaction(ctx, func(txCtx context.Context) (any, error) {
		return db.Collection("shipments").InsertOne(txCtx, bson.M{"order": orderID})
	})
	return err
}

// ShipV2InTx claims inside the v2 callback, with its context.
func ShipV2InTx(ctx context.Context, client *mongo2.Client, db *mongo2.Database, key, orderID string) error {
	sess, err := client.StartSession()
	if err != nil {
		return err
	}
	defer sess.EndSession(ctx)
	_, err = sess.WithTransaction(ctx, func(txCtx context.Context) (any, error) {
		if _, err := db.Collection("processed_requests").InsertOne(txCtx, bson.M{"_id": key}); err != nil {
			return nil, err
		}
		return db.Collection("shipments").InsertOne(txCtx, bson.M{"order": orderID})
	})
	return err
}
