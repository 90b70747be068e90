// Package kafka is a stub of github.com/confluentinc/confluent-kafka-go/v2/kafka.
package kafka

import "time"

type Event interface{ String() string }

type TopicPartition struct {
	Topic     *string
	Partition int32
	Offset    int64
}

type Message struct {
	TopicPartition TopicPartition
	Key            []byte
	Value          []byte
}

func (m *Message) String() string { return "" }

type Consumer struct{}

func (c *Consumer) Poll(timeoutMs int) Event                            { return nil }
func (c *Consumer) ReadMessage(timeout time.Duration) (*Message, error) { return nil, nil }
func (c *Consumer) CommitMessage(m *Message) ([]TopicPartition, error)  { return nil, nil }
func (c *Consumer) SubscribeTopics(topics []string, cb func(*Consumer, Event) error) error {
	return nil
}
