package apis

import "strings"

// Message types of the brokers and job queues the tables know: a function
// that takes one is a message handler, and a loop over a channel of them
// handles one delivery per iteration. A broker redelivers a message its
// handler did not acknowledge, and a job queue retries a job whose handler
// failed, so whatever the handler does once per call it does once per
// delivery attempt.
type messageRow struct {
	pkg   string
	types []string
	// redelivery says, for a diagnostic, what delivers the message again.
	redelivery string
}

const (
	amqpRedelivery  = "RabbitMQ redelivers a delivery that was not acked when the consumer's channel closes"
	kafkaRedelivery = "Kafka hands a consumer group the messages after its last committed offset again after a crash or a rebalance"
)

var messageRows = []messageRow{
	{pkgAmqp091, []string{"Delivery"}, amqpRedelivery},
	{"github.com/streadway/amqp", []string{"Delivery"}, amqpRedelivery},
	{pkgNats, []string{"Msg"}, "NATS JetStream redelivers a message that was not acked within its AckWait"},
	{pkgJetStream, []string{"Msg"}, "NATS JetStream redelivers a message that was not acked within its AckWait"},
	{"github.com/segmentio/kafka-go", []string{"Message"}, kafkaRedelivery},
	{"github.com/IBM/sarama", []string{"ConsumerMessage"}, kafkaRedelivery},
	{"github.com/Shopify/sarama", []string{"ConsumerMessage"}, kafkaRedelivery},
	{"github.com/twmb/franz-go/pkg/kgo", []string{"Record"}, kafkaRedelivery},
	{"github.com/confluentinc/confluent-kafka-go/kafka", []string{"Message"}, kafkaRedelivery},
	{"github.com/confluentinc/confluent-kafka-go/v2/kafka", []string{"Message"}, kafkaRedelivery},
	{"github.com/aws/aws-sdk-go-v2/service/sqs/types", []string{"Message"}, "SQS delivers a message again when its visibility timeout expires before it is deleted"},
	{"github.com/aws/aws-sdk-go/service/sqs", []string{"Message"}, "SQS delivers a message again when its visibility timeout expires before it is deleted"},
	{"github.com/ThreeDotsLabs/watermill/message", []string{"Message"}, "watermill redelivers a message its handler did not ack"},
	// pubsub.Message is an alias of the internal package's type, which
	// is what the type checker sees.
	{"cloud.google.com/go/internal/pubsub", []string{"Message"}, "Pub/Sub redelivers a message that was not acked before its deadline"},
	{"cloud.google.com/go/pubsub", []string{"Message"}, "Pub/Sub redelivers a message that was not acked before its deadline"},
	{"cloud.google.com/go/pubsub/v2", []string{"Message"}, "Pub/Sub redelivers a message that was not acked before its deadline"},
	{"github.com/hibiken/asynq", []string{"Task"}, "asynq retries a task whose handler failed or whose worker died"},
	{"github.com/riverqueue/river", []string{"Job"}, "river retries a job whose Work failed or whose worker died"},
}

// IsMessageType reports whether the named type pkg.name is a delivered
// broker message or a queued job.
func IsMessageType(pkg, name string) bool {
	_, ok := MessageRedelivery(pkg, name)
	return ok
}

// MessageRedelivery returns what delivers a message of type pkg.name
// again, for a diagnostic, and whether pkg.name is a message type.
func MessageRedelivery(pkg, name string) (string, bool) {
	for _, r := range messageRows {
		if r.pkg != pkg {
			continue
		}
		for _, n := range r.types {
			if n == name {
				return r.redelivery, true
			}
		}
	}
	return "", false
}

// IsMessagePackage reports whether path is the package of a broker whose
// messages the tables know, or one of its subpackages, or of a job queue
// that registers task functions.
func IsMessagePackage(path string) bool {
	for _, r := range messageRows {
		if r.pkg == path || strings.HasPrefix(r.pkg, path+"/") {
			return true
		}
	}
	for _, r := range taskRegistrations {
		if r.pkg == path {
			return true
		}
	}
	return false
}
