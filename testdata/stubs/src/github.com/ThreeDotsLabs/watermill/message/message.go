// Package message is a stub of github.com/ThreeDotsLabs/watermill/message.
package message

type Message struct {
	UUID    string
	Payload []byte
}

func (m *Message) Ack() bool  { return true }
func (m *Message) Nack() bool { return true }
