// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/sqs/types.
package types

type Message struct {
	Body          *string
	MessageId     *string
	ReceiptHandle *string
}
