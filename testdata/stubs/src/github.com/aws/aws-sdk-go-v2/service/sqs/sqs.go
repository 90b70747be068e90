// Package sqs is a stub of github.com/aws/aws-sdk-go-v2/service/sqs.
package sqs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

type Client struct{}

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
}

type DeleteMessageOutput struct{}

func (c *Client) DeleteMessage(ctx context.Context, params *DeleteMessageInput, optFns ...func(*struct{})) (*DeleteMessageOutput, error) {
	return nil, nil
}

type ReceiveMessageInput struct {
	QueueUrl            *string
	MaxNumberOfMessages int32
}

type ReceiveMessageOutput struct {
	Messages []types.Message
}

func (c *Client) ReceiveMessage(ctx context.Context, params *ReceiveMessageInput, optFns ...func(*struct{})) (*ReceiveMessageOutput, error) {
	return nil, nil
}

// Options are the client's options; the methods' optFns set them.
type Options struct{}
