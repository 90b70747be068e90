package documents

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// The table is the input's TableName; a condition makes a write atomic,
// and UpdateItem with a condition that tests another state an update.
func dynamoKinds(ctx context.Context, db *dynamodb.Client, table *string) {
	db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("Orders")})                                                     // want `exists order pool`
	db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("orders")})                                                     // want `insert order pool`
	db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("orders"), ConditionExpression: aws.String("a = b")})           // want `conditional insert order pool`
	db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("orders")})                                               // want `insert order pool`
	db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("orders"), ConditionExpression: aws.String("st = :old")}) // want `update order pool`
	db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, ConditionExpression: aws.String("attribute_not_exists(pk)")}) // want `conditional insert \$.*dynamoKinds/table pool`
	db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{                       // want `insert  pool`
		{Put: &types.Put{TableName: aws.String("orders")}},
		{Update: &types.Update{TableName: aws.String("ledger")}},
	}})
}

// The collection is the constant of db.Collection; an update with an
// upsert option is a conditional insert; the call's context is the handle,
// a transaction's inside WithTransaction's callback.
func mongoKinds(ctx context.Context, db *mongo.Database, sess mongo.Session, opts *options.UpdateOptions) {
	users := db.Collection("users")
	users.FindOne(ctx, bson.M{})                                                                 // want `read user pool`
	users.CountDocuments(ctx, bson.M{})                                                          // want `exists user pool`
	users.InsertOne(ctx, bson.M{})                                                               // want `insert user pool`
	users.UpdateOne(ctx, bson.M{}, bson.M{})                                                     // want `update user pool`
	users.UpdateOne(ctx, bson.M{}, bson.M{}, options.Update().SetUpsert(true))                   // want `conditional insert user pool`
	users.UpdateOne(ctx, bson.M{}, bson.M{}, options.Update().SetUpsert(false))                  // want `update user pool`
	users.UpdateOne(ctx, bson.M{}, bson.M{}, options.Update().SetBypassDocumentValidation(true)) // want `update user pool`
	users.UpdateOne(ctx, bson.M{}, bson.M{}, opts)                                               // want `conditional insert user pool`
	sess.WithTransaction(ctx, func(sc mongo.SessionContext) (interface{}, error) {               // want `begin  unknown`
		return db.Collection("audit").InsertOne(sc, bson.M{}) // want `insert audit tx`
	})
}

// etcd keys: Get and Put; a Txn's Commit puts its Then key, conditionally
// with an If; a Txn that puts nothing is no write.
func etcdKinds(ctx context.Context, cli *clientv3.Client, k string) {
	cli.Get(ctx, k)                                                                                             // want `exists  unknown`
	cli.Put(ctx, k, "v")                                                                                        // want `insert  unknown`
	cli.Txn(ctx).If(clientv3.Compare(clientv3.CreateRevision(k), "=", 0)).Then(clientv3.OpPut(k, "v")).Commit() // want `conditional insert  unknown`
	cli.Txn(ctx).Then(clientv3.OpPut(k, "v")).Commit()                                                          // want `insert  unknown`
	cli.Txn(ctx).Commit()
}
