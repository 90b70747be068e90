// Package dynamodb is a stub of github.com/aws/aws-sdk-go-v2/service/dynamodb.
package dynamodb

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type Client struct{}

type Options struct{}

type GetItemInput struct {
	Key       map[string]types.AttributeValue
	TableName *string
}

type GetItemOutput struct {
	Item map[string]types.AttributeValue
}

type QueryInput struct {
	TableName                 *string
	ExpressionAttributeValues map[string]types.AttributeValue
	KeyConditionExpression    *string
}

type QueryOutput struct {
	Count int32
	Items []map[string]types.AttributeValue
}

type PutItemInput struct {
	Item                      map[string]types.AttributeValue
	TableName                 *string
	ConditionExpression       *string
	ExpressionAttributeNames  map[string]string
	ExpressionAttributeValues map[string]types.AttributeValue
}

type PutItemOutput struct{}

type UpdateItemInput struct {
	Key                 map[string]types.AttributeValue
	TableName           *string
	ConditionExpression *string
	UpdateExpression    *string
}

type UpdateItemOutput struct{}

type TransactWriteItemsInput struct {
	TransactItems []types.TransactWriteItem
}

type TransactWriteItemsOutput struct{}

func (c *Client) GetItem(ctx context.Context, params *GetItemInput, optFns ...func(*Options)) (*GetItemOutput, error) {
	return nil, nil
}

func (c *Client) Query(ctx context.Context, params *QueryInput, optFns ...func(*Options)) (*QueryOutput, error) {
	return nil, nil
}

func (c *Client) PutItem(ctx context.Context, params *PutItemInput, optFns ...func(*Options)) (*PutItemOutput, error) {
	return nil, nil
}

func (c *Client) UpdateItem(ctx context.Context, params *UpdateItemInput, optFns ...func(*Options)) (*UpdateItemOutput, error) {
	return nil, nil
}

func (c *Client) TransactWriteItems(ctx context.Context, params *TransactWriteItemsInput, optFns ...func(*Options)) (*TransactWriteItemsOutput, error) {
	return nil, nil
}
