package claimtx

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Transfers moves money once per idempotency key, in DynamoDB.
type Transfers struct {
	db *dynamodb.Client
}

func item(k string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: k}}
}

// Transfer claims the key with its own conditional PutItem, then debits
// the account with another call: a crash between the two leaves the key
// claimed and the account untouched.
func (t *Transfers) Transfer(ctx context.Context, key, account string) error {
	_, err := t.db.PutItem(ctx, &dynamodb.PutItemInput{ // want:claimtx
		TableName:           aws.String("idempotency_keys"),
		Item:                item(key),
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	})
	if err != nil {
		return err
	}
	_, err = t.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:        aws.String("accounts"),
		Key:              item(account),
		UpdateExpression: aws.String("SET balance = balance - :amount"),
	})
	return err
}

// TransferTransact writes the claim and the debit in one
// TransactWriteItems: both commit, or neither.
func (t *Transfers) TransferTransact(ctx context.Context, key, account string) error {
	_, err := t.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{
		TransactItems: []types.TransactWriteItem{
			{Put: &types.Put{
				TableName:           aws.String("idempotency_keys"),
				Item:                item(key),
				ConditionExpression: aws.String("attribute_not_exists(pk)"),
			}},
			{Update: &types.Update{
				TableName:        aws.String("accounts"),
				Key:              item(account),
				UpdateExpression: aws.String("SET balance = balance - :amount"),
			}},
		},
	})
	return err
}
