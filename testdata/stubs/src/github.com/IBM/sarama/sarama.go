// Package sarama is a stub of github.com/IBM/sarama.
package sarama

type ConsumerMessage struct {
	Key, Value []byte
	Topic      string
	Partition  int32
	Offset     int64
}

type ConsumerGroupSession interface {
	MarkMessage(msg *ConsumerMessage, metadata string)
}

type ConsumerGroupClaim interface {
	Messages() <-chan *ConsumerMessage
}

type ProducerMessage struct {
	Topic string
	Value []byte
}
