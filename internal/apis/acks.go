package apis

import "go/types"

// Row table for message acknowledgements: calls that tell a broker a
// message is done, after which it is never delivered again. Nak, Nack,
// Reject, Term and InProgress are not listed: they redeliver the message
// or drop it on purpose.

const (
	pkgAmqp091   = "github.com/rabbitmq/amqp091-go"
	pkgNats      = "github.com/nats-io/nats.go"
	pkgJetStream = "github.com/nats-io/nats.go/jetstream"
)

// RuntimeInboxURL documents the consumer inbox that records a message in
// the transaction of its effects and acks it after the commit.
const (
	RuntimeInboxPkg = "github.com/idemvet/idemvet/runtime/inbox"
	RuntimeInboxURL = "https://github.com/idemvet/idemvet/tree/main/runtime/inbox"
)

var (
	ackMethods = map[lookupKey]bool{}
	ackPkgs    = map[string]bool{}
)

func acks(pkg, recv string, names ...string) {
	for _, n := range names {
		ackMethods[lookupKey{pkg, recv, n}] = true
	}
	ackPkgs[pkg] = true
}

func init() {
	for _, pkg := range []string{pkgAmqp091, "github.com/streadway/amqp"} {
		acks(pkg, "Delivery", "Ack")
		acks(pkg, "Channel", "Ack")
		acks(pkg, "Acknowledger", "Ack") // d.Acknowledger.Ack(d.DeliveryTag, false)
	}
	acks(pkgNats, "Msg", "Ack", "AckSync")
	acks(pkgJetStream, "Msg", "Ack", "DoubleAck")
	acks("github.com/segmentio/kafka-go", "Reader", "CommitMessages")
	acks("github.com/confluentinc/confluent-kafka-go/v2/kafka", "Consumer", "CommitMessage")
	acks("github.com/confluentinc/confluent-kafka-go/kafka", "Consumer", "CommitMessage")
	acks("github.com/aws/aws-sdk-go-v2/service/sqs", "Client", "DeleteMessage", "DeleteMessageBatch")
	acks("github.com/ThreeDotsLabs/watermill/message", "Message", "Ack")
	// A consumer group's stream entry stays pending until XACKed, and a
	// consumer that reads its pending entries (or XAUTOCLAIMs them) gets
	// it again.
	for _, pkg := range []string{"github.com/redis/go-redis/v9", "github.com/go-redis/redis/v8"} {
		acks(pkg, "cmdable", "XAck")
		acks(pkg, "Cmdable", "XAck")
	}
	// pubsub.Message is an alias of the internal package's type, in v1 and v2.
	acks("cloud.google.com/go/internal/pubsub", "Message", "Ack", "AckWithResult")
	acks("cloud.google.com/go/pubsub", "Message", "Ack", "AckWithResult")
	acks("cloud.google.com/go/pubsub/v2", "Message", "Ack", "AckWithResult")
}

// IsAck reports whether f acknowledges a message to its broker. Methods
// are matched by their receiver's type, so an interface method (jetstream's
// Msg.Ack) and a promoted one count alike.
func IsAck(f *types.Func) bool {
	n := recvNamed(f)
	return n != nil && ackMethods[lookupKey{n.Obj().Pkg().Path(), n.Obj().Name(), f.Name()}]
}

// IsAckPackage reports whether path declares acknowledgement calls; the
// ackorder check uses it for its fast path.
func IsAckPackage(path string) bool { return ackPkgs[path] }
