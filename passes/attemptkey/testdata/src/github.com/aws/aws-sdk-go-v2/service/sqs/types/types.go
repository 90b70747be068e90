// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/sqs/types.
package types

type Message struct {
	Attributes    map[string]string
	Body          *string
	MD5OfBody     *string
	MessageId     *string
	ReceiptHandle *string
}
