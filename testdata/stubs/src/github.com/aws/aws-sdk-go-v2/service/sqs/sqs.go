// Package sqs is a stub of github.com/aws/aws-sdk-go-v2/service/sqs.
package sqs

import "context"

type Client struct{}

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
}

type DeleteMessageOutput struct{}

func (c *Client) DeleteMessage(ctx context.Context, params *DeleteMessageInput, optFns ...func(*struct{})) (*DeleteMessageOutput, error) {
	return nil, nil
}
