package apis

import "fmt"

// Row table for external effects: calls that leave the process and cannot
// be rolled back with a database transaction.

func init() {
	effect := func(pkg, recv string, names ...string) {
		for _, n := range names {
			register(row(pkg, recv, n, Effect))
		}
	}
	// GET and HEAD are safe methods (RFC 9110): run twice, they change
	// nothing, so fetching a page's title twice doubles no act. Do's
	// method is not known, so it stays an effect.
	effect("net/http", "Client", "Do", "Post", "PostForm")
	effect("net/http", "", "Post", "PostForm")
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
	effect("cloud.google.com/go/pubsub", "Topic", "Publish")
	effect("github.com/twmb/franz-go/pkg/kgo", "Client", "Produce", "ProduceSync")
	effect("github.com/confluentinc/confluent-kafka-go/v2/kafka", "Producer", "Produce")

	// Payment, e-mail, SMS and push SDKs: the second charge, the second
	// e-mail. A call of one is an act a status gate or a check must not
	// let two callers reach.
	for v := 70; v <= 90; v++ {
		stripe := fmt.Sprintf("github.com/stripe/stripe-go/v%d", v)
		// The resource packages' functions and clients (charge.New,
		// sc.Charges.New), and the v82+ client's services
		// (sc.V1PaymentIntents.Create).
		for _, res := range []struct{ pkg, svc string }{
			{"charge", "v1ChargeService"}, {"paymentintent", "v1PaymentIntentService"},
			{"refund", "v1RefundService"}, {"transfer", "v1TransferService"},
			{"payout", "v1PayoutService"}, {"invoice", "v1InvoiceService"},
			{"subscription", "v1SubscriptionService"},
		} {
			names := []string{"New", "Capture", "Confirm", "Pay"}
			effect(stripe+"/"+res.pkg, "", names...)
			effect(stripe+"/"+res.pkg, "Client", names...)
			effect(stripe, res.svc, "Create", "Capture", "Confirm", "Pay")
		}
	}
	effect("github.com/sendgrid/sendgrid-go", "Client", "Send", "SendWithContext")
	effect("github.com/mailgun/mailgun-go/v4", "MailgunImpl", "Send")
	effect("github.com/mailgun/mailgun-go/v5", "Client", "Send")
	effect("gopkg.in/gomail.v2", "Dialer", "DialAndSend")
	effect("gopkg.in/gomail.v2", "", "Send")
	effect("github.com/go-gomail/gomail", "Dialer", "DialAndSend")
	effect("github.com/wneessen/go-mail", "Client", "DialAndSend", "DialAndSendWithContext", "Send")
	effect("github.com/jordan-wright/email", "Email", "Send", "SendWithTLS", "SendWithStartTLS")
	effect("github.com/xhit/go-simple-mail/v2", "Email", "Send")
	effect("github.com/resend/resend-go/v2", "EmailsSvcImpl", "Send", "SendWithContext", "SendWithOptions")
	effect("github.com/aws/aws-sdk-go-v2/service/ses", "Client", "SendEmail", "SendRawEmail", "SendTemplatedEmail")
	effect("github.com/aws/aws-sdk-go-v2/service/sesv2", "Client", "SendEmail")
	effect("github.com/twilio/twilio-go/rest/api/v2010", "ApiService", "CreateMessage", "CreateCall")
	effect("firebase.google.com/go/v4/messaging", "Client", "Send", "SendEach", "SendEachForMulticast", "SendMulticast", "SendAll")
	effect("github.com/slack-go/slack", "Client", "PostMessage", "PostMessageContext", "SendMessage", "SendMessageContext")
	effect("github.com/slack-go/slack", "", "PostWebhook", "PostWebhookContext")
}
