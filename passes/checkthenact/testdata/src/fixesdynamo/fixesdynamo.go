package fixesdynamo

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// The key attribute is in the check's Key literal: the fix adds the
// condition, on one line or one field a line as the literal is written.
func record(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{ // want `check-then-act race`
		TableName: aws.String("payments"),
		Key:       map[string]types.AttributeValue{"key": &types.AttributeValueMemberS{Value: k}},
	})
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String("payments"),
		Item:      map[string]types.AttributeValue{"key": &types.AttributeValueMemberS{Value: k}},
	})
	return err
}

func recordOneLine(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("payments"), Key: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: k}}}) // want `check-then-act race`
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("payments"), Item: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: k}}})
	return err
}

func keyOf(k string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: k}}
}

// No fix: the key attribute is built elsewhere.
func recordHelperKey(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("payments"), Key: keyOf(k)}) // want `check-then-act race`
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("payments"), Item: keyOf(k)})
	return err
}

// No fix: what follows the put would run for the loser too.
func recordThenNotify(ctx context.Context, db *dynamodb.Client, k string, notify func(string)) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("payments"), Key: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: k}}}) // want `check-then-act race`
	if err != nil || out.Item != nil {
		return err
	}
	db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("payments"), Item: keyOf(k)})
	notify(k)
	return nil
}
