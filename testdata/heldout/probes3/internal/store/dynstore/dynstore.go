// Package dynstore keeps device registrations, reward grants and export
// quotas in DynamoDB.
package dynstore

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"example.com/shop3/internal/domain"
)

// API is the part of the DynamoDB client the store uses.
type API interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
}

type Store struct {
	db      API
	devices string
	rewards string
	quotas  string
}

func New(db *dynamodb.Client, prefix string) *Store {
	return &Store{db: db, devices: prefix + "devices", rewards: prefix + "rewards", quotas: prefix + "quotas"}
}

type Device struct {
	UserID    string `dynamodbav:"pk"`
	DeviceID  string `dynamodbav:"sk"`
	Platform  string `dynamodbav:"platform"`
	Code      string `dynamodbav:"code"`
	Verified  bool   `dynamodbav:"verified"`
	CreatedAt string `dynamodbav:"created_at"`
}

type Reward struct {
	UserID   string `dynamodbav:"pk"`
	RewardID string `dynamodbav:"sk"`
	Points   int64  `dynamodbav:"points"`
	Status   string `dynamodbav:"status"` // unclaimed, claimed
}

func deviceKey(userID, deviceID string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: userID},
		"sk": &types.AttributeValueMemberS{Value: deviceID},
	}
}

// Device returns the registration, or nil when the device is unknown.
func (s *Store) Device(ctx context.Context, userID, deviceID string) (*Device, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.devices),
		Key:            deviceKey(userID, deviceID),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, err
	}
	if out.Item == nil {
		return nil, nil
	}
	var d Device
	if err := attributevalue.UnmarshalMap(out.Item, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// PutDevice writes the registration.
func (s *Store) PutDevice(ctx context.Context, d Device) error {
	item, err := attributevalue.MarshalMap(d)
	if err != nil {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.devices), Item: item})
	return err
}

// CreateDevice writes the registration unless the device is registered,
// in which case it returns ErrDuplicate.
func (s *Store) CreateDevice(ctx context.Context, d Device) error {
	item, err := attributevalue.MarshalMap(d)
	if err != nil {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String(s.devices),
		Item:                item,
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return domain.ErrDuplicate
	}
	return err
}

func (s *Store) Reward(ctx context.Context, userID, rewardID string) (Reward, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.rewards),
		Key:            deviceKey(userID, rewardID),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return Reward{}, err
	}
	if out.Item == nil {
		return Reward{}, domain.ErrNotFound
	}
	var r Reward
	err = attributevalue.UnmarshalMap(out.Item, &r)
	return r, err
}

func (s *Store) SaveReward(ctx context.Context, r Reward) error {
	item, err := attributevalue.MarshalMap(r)
	if err != nil {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.rewards), Item: item})
	return err
}

// ClaimReward flips the reward from unclaimed to claimed and returns it;
// ErrAlreadyRedeemed when it was not unclaimed.
func (s *Store) ClaimReward(ctx context.Context, userID, rewardID string) (Reward, error) {
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(s.rewards),
		Key:                      deviceKey(userID, rewardID),
		UpdateExpression:         aws.String("SET #s = :claimed, claimed_at = :now"),
		ConditionExpression:      aws.String("#s = :unclaimed"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":claimed":   &types.AttributeValueMemberS{Value: "claimed"},
			":unclaimed": &types.AttributeValueMemberS{Value: "unclaimed"},
			":now":       &types.AttributeValueMemberS{Value: time.Now().UTC().Format(time.RFC3339)},
		},
		ReturnValues: types.ReturnValueAllNew,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return Reward{}, domain.ErrAlreadyRedeemed
	}
	if err != nil {
		return Reward{}, err
	}
	var r Reward
	err = attributevalue.UnmarshalMap(out.Attributes, &r)
	return r, err
}

func quotaKey(tenantID int64, month string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "tenant#" + strconv.FormatInt(tenantID, 10)},
		"sk": &types.AttributeValueMemberS{Value: "exports#" + month},
	}
}

// ExportsUsed returns how many exports the tenant ran this month.
func (s *Store) ExportsUsed(ctx context.Context, tenantID int64, month string) (int, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.quotas),
		Key:            quotaKey(tenantID, month),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil || out.Item == nil {
		return 0, err
	}
	var q struct {
		Used int `dynamodbav:"used"`
	}
	err = attributevalue.UnmarshalMap(out.Item, &q)
	return q.Used, err
}

// AddExport counts one more export for the month.
func (s *Store) AddExport(ctx context.Context, tenantID int64, month string) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:        aws.String(s.quotas),
		Key:              quotaKey(tenantID, month),
		UpdateExpression: aws.String("ADD used :one"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": &types.AttributeValueMemberN{Value: "1"},
		},
	})
	return err
}

// TakeExport counts one more export unless the month's limit is reached,
// in which case it returns ErrQuotaExceeded.
func (s *Store) TakeExport(ctx context.Context, tenantID int64, month string, limit int) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:           aws.String(s.quotas),
		Key:                 quotaKey(tenantID, month),
		UpdateExpression:    aws.String("ADD used :one"),
		ConditionExpression: aws.String("attribute_not_exists(used) OR used < :limit"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one":   &types.AttributeValueMemberN{Value: "1"},
			":limit": &types.AttributeValueMemberN{Value: strconv.Itoa(limit)},
		},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return domain.ErrQuotaExceeded
	}
	return err
}
