package mongoclaim

import (
	"context"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	mongo2 "go.mongodb.org/mongo-driver/v2/mongo"
)

// The claim uses the outer context, outside the session's transaction.
func ship(ctx context.Context, client *mongo.Client, db *mongo.Database, key, order string) error {
	if _, err := db.Collection("processed_requests").InsertOne(ctx, bson.M{"_id": key}); err != nil { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 22 in a transaction`
		return err
	}
	sess, err := client.StartSession()
	if err != nil {
		return err
	}
	defer sess.EndSession(ctx)
	_, err = sess.WithTransaction(ctx, func(sc mongo.SessionContext) (interface{}, error) {
		return db.Collection("shipments").InsertOne(sc, bson.M{"order": order})
	})
	return err
}

// The claim joins the transaction through the callback's context.
func shipInTx(ctx context.Context, client *mongo.Client, db *mongo.Database, key, order string) error {
	sess, err := client.StartSession()
	if err != nil {
		return err
	}
	defer sess.EndSession(ctx)
	_, err = sess.WithTransaction(ctx, func(sc mongo.SessionContext) (interface{}, error) {
		if _, err := db.Collection("processed_requests").InsertOne(sc, bson.M{"_id": key}); err != nil {
			return nil, err
		}
		return db.Collection("shipments").InsertOne(sc, bson.M{"order": order})
	})
	return err
}

// Inside the callback, the claim made with the outer context does not
// join the transaction either.
func shipOuterContext(ctx context.Context, client *mongo.Client, db *mongo.Database, key, order string) error {
	sess, err := client.StartSession()
	if err != nil {
		return err
	}
	defer sess.EndSession(ctx)
	_, err = sess.WithTransaction(ctx, func(sc mongo.SessionContext) (interface{}, error) {
		if _, err := db.Collection("processed_requests").InsertOne(ctx, bson.M{"_id": key}); err != nil { // want `idempotency claim inside the transaction callback runs on the outer handle`
			return nil, err
		}
		return db.Collection("shipments").InsertOne(sc, bson.M{"order": order})
	})
	return err
}

// v2: the callback's own context carries the transaction.
func shipV2(ctx context.Context, client *mongo2.Client, db *mongo2.Database, key, order string) error {
	if _, err := db.Collection("processed_requests").InsertOne(ctx, bson.M{"_id": key}); err != nil { // want `idempotency claim commits on its own`
		return err
	}
	sess, err := client.StartSession()
	if err != nil {
		return err
	}
	_, err = sess.WithTransaction(ctx, func(ctx context.Context) (any, error) {
		return db.Collection("shipments").InsertOne(ctx, bson.M{"order": order})
	})
	return err
}

func shipV2InTx(ctx context.Context, client *mongo2.Client, db *mongo2.Database, key, order string) error {
	sess, err := client.StartSession()
	if err != nil {
		return err
	}
	_, err = sess.WithTransaction(ctx, func(ctx context.Context) (any, error) {
		if _, err := db.Collection("processed_requests").InsertOne(ctx, bson.M{"_id": key}); err != nil {
			return nil, err
		}
		return db.Collection("shipments").InsertOne(ctx, bson.M{"order": order})
	})
	return err
}
