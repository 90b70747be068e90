// Package store keeps devices in DynamoDB: a lookup that returns the
// device or nil, an unconditional put and a conditional one.
package store

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

var ErrDuplicate = errors.New("device exists")

type Device struct {
	UserID, DeviceID, Code string
}

type Store struct {
	db      *dynamodb.Client
	devices string
}

func deviceKey(userID, deviceID string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: userID + "#" + deviceID}}
}

// Device returns the registered device, nil when there is none.
func (s *Store) Device(ctx context.Context, userID, deviceID string) (*Device, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.devices), Key: deviceKey(userID, deviceID)})
	if err != nil {
		return nil, err
	}
	if out.Item == nil {
		return nil, nil
	}
	return &Device{UserID: userID, DeviceID: deviceID}, nil
}

// PutDevice writes the registration, over any that is there.
func (s *Store) PutDevice(ctx context.Context, d Device) error {
	_, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.devices), Item: deviceKey(d.UserID, d.DeviceID)})
	return err
}

// CreateDevice writes the registration unless one is there.
func (s *Store) CreateDevice(ctx context.Context, d Device) error {
	_, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String(s.devices),
		Item:                deviceKey(d.UserID, d.DeviceID),
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	})
	var failed *types.ConditionalCheckFailedException
	if errors.As(err, &failed) {
		return ErrDuplicate
	}
	return err
}
