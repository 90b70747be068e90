// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/dynamodb/types.
package types

type AttributeValue interface{ isAttributeValue() }

type AttributeValueMemberS struct{ Value string }

func (*AttributeValueMemberS) isAttributeValue() {}

type ConditionalCheckFailedException struct{ Message *string }

func (e *ConditionalCheckFailedException) Error() string { return "ConditionalCheckFailedException" }

type Put struct {
	ConditionExpression *string
	Item                map[string]AttributeValue
	TableName           *string
}

type Update struct {
	ConditionExpression *string
	Key                 map[string]AttributeValue
	TableName           *string
	UpdateExpression    *string
}

type TransactWriteItem struct {
	Put    *Put
	Update *Update
}
