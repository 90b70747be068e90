// Package nats is a stub of github.com/nats-io/nats.go.
package nats

import "time"

type Header map[string][]string

func (h Header) Get(key string) string { return "" }

type Msg struct {
	Subject string
	Reply   string
	Header  Header
	Data    []byte
}

func (m *Msg) Ack(opts ...AckOpt) error                           { return nil }
func (m *Msg) AckSync(opts ...AckOpt) error                       { return nil }
func (m *Msg) Nak(opts ...AckOpt) error                           { return nil }
func (m *Msg) NakWithDelay(d time.Duration, opts ...AckOpt) error { return nil }
func (m *Msg) Term(opts ...AckOpt) error                          { return nil }
func (m *Msg) InProgress(opts ...AckOpt) error                    { return nil }

type AckOpt interface{}

type Conn struct{}

func (nc *Conn) Publish(subj string, data []byte) error { return nil }

type MsgHandler func(msg *Msg)

type Subscription struct{}

func (nc *Conn) Subscribe(subj string, cb MsgHandler) (*Subscription, error) { return nil, nil }
