package dynamoclaim

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func item(k string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: k}}
}

// The claim is its own PutItem, the debit another call.
func pay(ctx context.Context, db *dynamodb.Client, key, account string) error {
	_, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("idempotency_keys"), Item: item(key), ConditionExpression: aws.String("attribute_not_exists(pk)")}) // want `idempotency claim is written by its own PutItem, separately from the write at line 21: .*TransactWriteItems`
	if err != nil {
		return err
	}
	_, err = db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("accounts"), Key: item(account), UpdateExpression: aws.String("SET n = n + :one")})
	return err
}

// Claim and debit in one TransactWriteItems commit together.
func payTransact(ctx context.Context, db *dynamodb.Client, key, account string) error {
	_, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String("idempotency_keys"), Item: item(key), ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Update: &types.Update{TableName: aws.String("accounts"), Key: item(account), UpdateExpression: aws.String("SET n = n + :one")}},
	}})
	return err
}

// The debit does not depend on the claim's outcome: nothing is guarded.
func payUnguarded(ctx context.Context, db *dynamodb.Client, key, account string) {
	db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("idempotency_keys"), Item: item(key), ConditionExpression: aws.String("attribute_not_exists(pk)")})
	db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("accounts"), Key: item(account), UpdateExpression: aws.String("SET n = n + :one")})
}

// A conditional put on a business table is no claim.
func createThenLog(ctx context.Context, db *dynamodb.Client, id string) error {
	_, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: item(id), ConditionExpression: aws.String("attribute_not_exists(pk)")})
	if err != nil {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("order_log"), Item: item(id)})
	return err
}
