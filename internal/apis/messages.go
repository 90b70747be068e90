package apis

import "strings"

// Message types of the brokers the tables know: a function that takes one
// is a message handler, and a loop over a channel of them handles one
// delivery per iteration. A broker redelivers a message its handler did
// not acknowledge, so whatever the handler does once per call it does once
// per delivery attempt.
var messageTypes = map[string][]string{
	"github.com/rabbitmq/amqp091-go":                      {"Delivery"},
	"github.com/streadway/amqp":                           {"Delivery"},
	"github.com/nats-io/nats.go":                          {"Msg"},
	"github.com/nats-io/nats.go/jetstream":                {"Msg"},
	"github.com/segmentio/kafka-go":                       {"Message"},
	"github.com/IBM/sarama":                               {"ConsumerMessage"},
	"github.com/Shopify/sarama":                           {"ConsumerMessage"},
	"github.com/confluentinc/confluent-kafka-go/kafka":    {"Message"},
	"github.com/confluentinc/confluent-kafka-go/v2/kafka": {"Message"},
	"github.com/aws/aws-sdk-go-v2/service/sqs/types":      {"Message"},
	"github.com/aws/aws-sdk-go/service/sqs":               {"Message"},
	"github.com/ThreeDotsLabs/watermill/message":          {"Message"},
	"cloud.google.com/go/pubsub":                          {"Message"},
	"cloud.google.com/go/pubsub/v2":                       {"Message"},
}

// IsMessageType reports whether the named type pkg.name is a delivered
// broker message.
func IsMessageType(pkg, name string) bool {
	for _, n := range messageTypes[pkg] {
		if n == name {
			return true
		}
	}
	return false
}

// IsMessagePackage reports whether path is the package of a broker whose
// messages the tables know, or one of its subpackages.
func IsMessagePackage(path string) bool {
	for p := range messageTypes {
		if p == path || strings.HasPrefix(p, path+"/") {
			return true
		}
	}
	return false
}
