// Package redelivery holds real-library cases for the redelivery check:
// rabbitmq/amqp091-go, segmentio/kafka-go and JetStream handlers whose
// writes a redelivered message repeats, each beside its near miss.
package redelivery
