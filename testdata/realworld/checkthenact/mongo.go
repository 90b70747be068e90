package checkthenact

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
	bson2 "go.mongodb.org/mongo-driver/v2/bson"
	mongo2 "go.mongodb.org/mongo-driver/v2/mongo"
	options2 "go.mongodb.org/mongo-driver/v2/mongo/options"
)

// Order is one order document, keyed by the client's request id.
type Order struct {
	RequestID string `bson:"_id"`
	Total     int64  `bson:"total"`
}

// PlaceOrder looks the order up and inserts it when FindOne finds no
// document: two retries of one request both insert.
func PlaceOrder(ctx context.Context, db *mongo.Database, o Order) error {
	orders := db.Collection("orders")
	var existing Order
	err := orders.FindOne(ctx, bson.M{"_id": o.RequestID}).Decode(&existing) // want:checkthenact
	if err == nil {
		return nil
	}
	if !errors.Is(err, mongo.ErrNoDocuments) {
		return err
	}
	_, err = orders.InsertOne(ctx, o)
	return err
}

// PlaceOrderUnique relies on the unique _id: the duplicate-key error of
// the insert is the duplicate outcome.
func PlaceOrderUnique(ctx context.Context, db *mongo.Database, o Order) error {
	orders := db.Collection("orders")
	if err := orders.FindOne(ctx, bson.M{"_id": o.RequestID}).Err(); err != mongo.ErrNoDocuments {
		return err
	}
	_, err := orders.InsertOne(ctx, o)
	if mongo.IsDuplicateKeyError(err) {
		return nil
	}
	return err
}

// CountThenInsert counts the documents with the key and inserts when
// there are none: the same race through CountDocuments.
func CountThenInsert(ctx context.Context, db *mongo.Database, o Order) error {
	orders := db.Collection("orders")
	n, err := orders.CountDocuments(ctx, bson.M{"_id": o.RequestID}) // want:checkthenact
	if err != nil {
		return err
	}
	if n == 0 {
		_, err = orders.InsertOne(ctx, o)
	}
	return err
}

// CountThenAudit counts orders and inserts into another collection.
func CountThenAudit(ctx context.Context, db *mongo.Database, o Order) error {
	n, err := db.Collection("orders").CountDocuments(ctx, bson.M{"_id": o.RequestID})
	if err != nil {
		return err
	}
	if n == 0 {
		_, err = db.Collection("order_audit").InsertOne(ctx, o)
	}
	return err
}

// PlaceOrderUpsert writes with an upsert on the unique filter: one step.
func PlaceOrderUpsert(ctx context.Context, db *mongo.Database, o Order) error {
	orders := db.Collection("orders")
	n, err := orders.CountDocuments(ctx, bson.M{"_id": o.RequestID})
	if err != nil || n > 0 {
		return err
	}
	_, err = orders.UpdateOne(ctx, bson.M{"_id": o.RequestID},
		bson.M{"$setOnInsert": o}, options.Update().SetUpsert(true))
	return err
}

// PlaceOrderFindOneAndUpdate upserts with FindOneAndUpdate.
func PlaceOrderFindOneAndUpdate(ctx context.Context, db *mongo.Database, o Order) error {
	orders := db.Collection("orders")
	if err := orders.FindOne(ctx, bson.M{"_id": o.RequestID}).Err(); err == nil {
		return nil
	}
	opts := options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)
	return orders.FindOneAndUpdate(ctx, bson.M{"_id": o.RequestID}, bson.M{"$setOnInsert": o}, opts).Err()
}

// PlaceOrderReplace replaces without an upsert after the check: on a
// missing document ReplaceOne does nothing, so nothing is duplicated.
func PlaceOrderReplace(ctx context.Context, db *mongo.Database, o Order) error {
	orders := db.Collection("orders")
	if err := orders.FindOne(ctx, bson.M{"_id": o.RequestID}).Err(); err == nil {
		return nil
	}
	_, err := orders.ReplaceOne(ctx, bson.M{"_id": o.RequestID}, o, options.Replace().SetUpsert(false))
	return err
}

// EntryLog holds the v2 driver's collection of ledger entries.
type EntryLog struct {
	entries *mongo2.Collection
}

// Append checks for the entry with the v2 driver and inserts it: the same
// race as PlaceOrder.
func (l *EntryLog) Append(ctx context.Context, id string, amount int64) error {
	err := l.entries.FindOne(ctx, bson2.M{"_id": id}).Err() // want:checkthenact
	if !errors.Is(err, mongo2.ErrNoDocuments) {
		return err
	}
	_, err = l.entries.InsertOne(ctx, bson2.M{"_id": id, "amount": amount})
	return err
}

// AppendUpsert upserts with the v2 options builder.
func (l *EntryLog) AppendUpsert(ctx context.Context, id string, amount int64) error {
	err := l.entries.FindOne(ctx, bson2.M{"_id": id}).Err()
	if !errors.Is(err, mongo2.ErrNoDocuments) {
		return err
	}
	_, err = l.entries.UpdateOne(ctx, bson2.M{"_id": id}, bson2.M{"$setOnInsert": bson2.M{"amount": amount}},
		options2.UpdateOne().SetUpsert(true))
	return err
}
