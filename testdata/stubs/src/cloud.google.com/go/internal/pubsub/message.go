// Package pubsub is a stub of cloud.google.com/go/internal/pubsub.
package pubsub

type Message struct {
	ID   string
	Data []byte
}

func (m *Message) Ack()  {}
func (m *Message) Nack() {}
