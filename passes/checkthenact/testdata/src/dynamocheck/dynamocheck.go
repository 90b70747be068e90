package dynamocheck

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func key(k string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: k}}
}

func getThenPut(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)}) // want `check-then-act race: the existence check GetItem and the insert at line 21 .*attribute_not_exists`
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: key(k)})
	return err
}

// The condition makes the put atomic.
func getThenConditionalPut(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)})
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String("orders"),
		Item:                key(k),
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	})
	return err
}

// A condition the analysis cannot read still makes the put conditional.
func getThenPutBuiltCondition(ctx context.Context, db *dynamodb.Client, k string, cond *string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)})
	if err != nil || len(out.Item) > 0 {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: key(k), ConditionExpression: cond})
	return err
}

// Different tables: no duplicate order can come of it.
func getThenPutOtherTable(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)})
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("order_audit"), Item: key(k)})
	return err
}

// The table is a field of the store, the same in check and put.
type store struct {
	db    *dynamodb.Client
	table string
	audit string
}

func (s *store) queryThenPut(ctx context.Context, k string) error {
	out, err := s.db.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(s.table), // want `existence check Query and the insert at line 72`
		ExpressionAttributeValues: key(k)})
	if err != nil || out.Count > 0 {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.table), Item: key(k)})
	return err
}

func (s *store) queryThenPutAudit(ctx context.Context, k string) error {
	out, err := s.db.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(s.table), ExpressionAttributeValues: key(k)})
	if err != nil || len(out.Items) != 0 {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.audit), Item: key(k)})
	return err
}

// UpdateItem creates a missing item: without a condition it races too.
func getThenUpdate(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)}) // want `existence check GetItem and the insert at line 91`
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("orders"), Key: key(k), UpdateExpression: aws.String("SET n = :n")})
	return err
}

// ... and with a condition it does not.
func getThenConditionalUpdate(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)})
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("orders"), Key: key(k),
		UpdateExpression: aws.String("SET n = :n"), ConditionExpression: aws.String("attribute_not_exists(pk)")})
	return err
}

// A new item, not the one checked: another key.
func getThenPutOtherKey(ctx context.Context, db *dynamodb.Client, k, other string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)})
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: key(other)})
	return err
}

// A put with a condition in one TransactWriteItems is atomic.
func getThenTransact(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)})
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String("orders"), Item: key(k), ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Put: &types.Put{TableName: aws.String("ledger"), Item: key(k)}},
	}})
	return err
}

// ... and without a condition it is not.
func getThenTransactUnconditional(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)}) // want `existence check GetItem and the insert at line 135`
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String("orders"), Item: key(k)}},
		{Put: &types.Put{TableName: aws.String("ledger"), Item: key(k)}},
	}})
	return err
}

// A conditional put after the check is atomic; the act runs only for the
// winner, since the loser's put fails with an error.
func getThenConditionalPutThenSend(ctx context.Context, db *dynamodb.Client, k string, send func(string)) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)})
	if err != nil || out.Item != nil {
		return err
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: key(k), ConditionExpression: aws.String("attribute_not_exists(pk)")})
	var dup *types.ConditionalCheckFailedException
	if errors.As(err, &dup) {
		return nil
	}
	if err != nil {
		return err
	}
	send(k)
	return nil
}

// The loser's put fails, but the act runs whatever the put reported.
func getThenConditionalPutSendAnyway(ctx context.Context, db *dynamodb.Client, k string, send func(string)) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)}) // want `the conditional insert at line 167 let two concurrent callers both reach`
	if err != nil || out.Item != nil {
		return err
	}
	db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: key(k), ConditionExpression: aws.String("attribute_not_exists(pk)")})
	send(k)
	return nil
}

// The input goes through a helper that may add a condition: no report.
func getThenPutCompleted(ctx context.Context, db *dynamodb.Client, k string, complete func(*dynamodb.PutItemInput)) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)})
	if err != nil || out.Item != nil {
		return err
	}
	in := &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: key(k)}
	complete(in)
	_, err = db.PutItem(ctx, in)
	return err
}

// A condition set on the input after the literal counts as well.
func getThenPutConditionLater(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)})
	if err != nil || out.Item != nil {
		return err
	}
	in := &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: key(k)}
	in.ConditionExpression = aws.String("attribute_not_exists(pk)")
	_, err = db.PutItem(ctx, in)
	return err
}

// The same input built in a variable, with no condition: reported.
func getThenPutVariable(ctx context.Context, db *dynamodb.Client, k string) error {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("orders"), Key: key(k)}) // want `existence check GetItem`
	if err != nil || out.Item != nil {
		return err
	}
	in := &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: key(k)}
	_, err = db.PutItem(ctx, in)
	return err
}
