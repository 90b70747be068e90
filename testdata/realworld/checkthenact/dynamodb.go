package checkthenact

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Payment is one payment item, keyed by its idempotency key.
type Payment struct {
	Key    string `dynamodbav:"pk"`
	Amount int64  `dynamodbav:"amount"`
}

// Payments stores payments in DynamoDB.
type Payments struct {
	db *dynamodb.Client
}

func keyOf(k string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: k}}
}

// Record looks the payment up and puts it when GetItem finds nothing: two
// requests with the same key both see no item and both put it.
func (p *Payments) Record(ctx context.Context, key string, amount int64) error {
	out, err := p.db.GetItem(ctx, &dynamodb.GetItemInput{ // want:checkthenact
		TableName: aws.String("payments"),
		Key:       map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: key}},
	})
	if err != nil {
		return err
	}
	if out.Item != nil {
		return nil
	}
	_, err = p.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String("payments"),
		Item: map[string]types.AttributeValue{
			"pk":     &types.AttributeValueMemberS{Value: key},
			"amount": &types.AttributeValueMemberN{Value: "1"},
		},
	})
	return err
}

// RecordConditional puts the item only if no item has its key: the
// condition makes check and insert one step.
func (p *Payments) RecordConditional(ctx context.Context, key string) error {
	out, err := p.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String("payments"),
		Key:       map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: key}},
	})
	if err != nil || out.Item != nil {
		return err
	}
	_, err = p.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String("payments"),
		Item:                map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: key}},
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	})
	var exists *types.ConditionalCheckFailedException
	if errors.As(err, &exists) {
		return nil // a concurrent twin put it first
	}
	return err
}

// RecordBuiltCondition builds the condition with the expression package.
func (p *Payments) RecordBuiltCondition(ctx context.Context, pay Payment) error {
	out, err := p.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("payments"), Key: keyOf(pay.Key)})
	if err != nil || len(out.Item) > 0 {
		return err
	}
	item, err := attributevalue.MarshalMap(pay)
	if err != nil {
		return err
	}
	expr, err := expression.NewBuilder().WithCondition(expression.AttributeNotExists(expression.Name("pk"))).Build()
	if err != nil {
		return err
	}
	_, err = p.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                 aws.String("payments"),
		Item:                      item,
		ConditionExpression:       expr.Condition(),
		ExpressionAttributeNames:  expr.Names(),
		ExpressionAttributeValues: expr.Values(),
	})
	return err
}

// RecordMarshalled marshals the payment and puts it after an empty Query:
// the same race as Record, with the key inside the marshalled record.
func (p *Payments) RecordMarshalled(ctx context.Context, pay Payment) error {
	out, err := p.db.Query(ctx, &dynamodb.QueryInput{ // want:checkthenact
		TableName:                 aws.String("payments"),
		KeyConditionExpression:    aws.String("pk = :k"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":k": &types.AttributeValueMemberS{Value: pay.Key}},
	})
	if err != nil {
		return err
	}
	if len(out.Items) == 0 {
		item, err := attributevalue.MarshalMap(pay)
		if err != nil {
			return err
		}
		_, err = p.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("payments"), Item: item})
		return err
	}
	return nil
}

// RecordAudit checks the payments table and writes an audit item to
// another table: no duplicate payment can come of it.
func (p *Payments) RecordAudit(ctx context.Context, key string) error {
	out, err := p.db.Query(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String("payments"),
		KeyConditionExpression:    aws.String("pk = :k"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":k": &types.AttributeValueMemberS{Value: key}},
	})
	if err != nil {
		return err
	}
	if out.Count == 0 {
		_, err = p.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("payment_audit"), Item: keyOf(key)})
	}
	return err
}

// RecordTransact writes the payment and its ledger entry in one
// TransactWriteItems whose put is conditioned on the key's absence.
func (p *Payments) RecordTransact(ctx context.Context, key string) error {
	out, err := p.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("payments"), Key: keyOf(key)})
	if err != nil || out.Item != nil {
		return err
	}
	_, err = p.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{
		TransactItems: []types.TransactWriteItem{
			{Put: &types.Put{
				TableName:           aws.String("payments"),
				Item:                keyOf(key),
				ConditionExpression: aws.String("attribute_not_exists(pk)"),
			}},
			{Put: &types.Put{TableName: aws.String("ledger"), Item: keyOf(key)}},
		},
	})
	return err
}

// RecordUpdate upserts with UpdateItem, which creates a missing item:
// without a condition it races like PutItem.
func (p *Payments) RecordUpdate(ctx context.Context, key string) error {
	out, err := p.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("payments"), Key: keyOf(key)}) // want:checkthenact
	if err != nil {
		return err
	}
	if out.Item == nil {
		_, err = p.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName:        aws.String("payments"),
			Key:              keyOf(key),
			UpdateExpression: aws.String("SET attempts = :one"),
		})
	}
	return err
}
