// Package inputsonly builds DynamoDB items and MongoDB options without
// calling a client: it imports no package the tables describe, and the
// model skips it (the fast path).
package inputsonly

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"go.mongodb.org/mongo-driver/mongo/options"
)

func Key(k string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: k}}
}

func Upsert() *options.UpdateOptions { return options.Update().SetUpsert(true) }
