// Package ec2 is a stub of github.com/aws/aws-sdk-go-v2/service/ec2.
package ec2

import "context"

type Options struct{}

type Client struct{}

type RunInstancesInput struct {
	MaxCount    *int32
	MinCount    *int32
	ClientToken *string
	ImageId     *string
}

type RunInstancesOutput struct{}

func (c *Client) RunInstances(ctx context.Context, params *RunInstancesInput, optFns ...func(*Options)) (*RunInstancesOutput, error) {
	return nil, nil
}
