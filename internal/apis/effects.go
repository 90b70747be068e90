package apis

// Row table for external effects: calls that leave the process and cannot
// be rolled back with a database transaction.

func init() {
	effect := func(pkg, recv string, names ...string) {
		for _, n := range names {
			register(row(pkg, recv, n, Effect))
		}
	}
	effect("net/http", "Client", "Do", "Get", "Post", "PostForm", "Head")
	effect("net/http", "", "Get", "Post", "PostForm", "Head")
	effect("net/smtp", "", "SendMail")
	effect("github.com/rabbitmq/amqp091-go", "Channel", "Publish", "PublishWithContext", "PublishWithDeferredConfirm", "PublishWithDeferredConfirmWithContext")
	effect("github.com/streadway/amqp", "Channel", "Publish")
	effect("github.com/segmentio/kafka-go", "Writer", "WriteMessages")
	effect("github.com/IBM/sarama", "SyncProducer", "SendMessage", "SendMessages")
	effect("github.com/Shopify/sarama", "SyncProducer", "SendMessage", "SendMessages")
	effect("github.com/nats-io/nats.go", "Conn", "Publish", "PublishMsg", "Request")
	effect("github.com/nats-io/nats.go/jetstream", "JetStream", "Publish", "PublishMsg")
	effect("github.com/aws/aws-sdk-go-v2/service/sqs", "Client", "SendMessage", "SendMessageBatch")
	effect("github.com/aws/aws-sdk-go-v2/service/sns", "Client", "Publish")
}
