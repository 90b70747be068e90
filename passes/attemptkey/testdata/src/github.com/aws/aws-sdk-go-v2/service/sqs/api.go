// Package sqs is a stub of github.com/aws/aws-sdk-go-v2/service/sqs.
package sqs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

type Options struct{}

type Client struct{}

type SendMessageInput struct {
	MessageBody            *string
	QueueUrl               *string
	DelaySeconds           int32
	MessageDeduplicationId *string
	MessageGroupId         *string
}

type SendMessageOutput struct{ MessageId *string }

type ReceiveMessageInput struct {
	QueueUrl            *string
	MaxNumberOfMessages int32
}

type ReceiveMessageOutput struct{ Messages []types.Message }

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
}

type DeleteMessageOutput struct{}

func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error) {
	return nil, nil
}

func (c *Client) ReceiveMessage(ctx context.Context, params *ReceiveMessageInput, optFns ...func(*Options)) (*ReceiveMessageOutput, error) {
	return nil, nil
}

func (c *Client) DeleteMessage(ctx context.Context, params *DeleteMessageInput, optFns ...func(*Options)) (*DeleteMessageOutput, error) {
	return nil, nil
}
