// Package redis is a stub of github.com/gomodule/redigo/redis: a
// connection that sends commands by name, a pool, and reply helpers.
package redis

import (
	"context"
	"errors"
	"time"
)

// ErrNil is the error a reply helper returns for a nil reply.
var ErrNil = errors.New("redigo: nil returned")

type Conn interface {
	Close() error
	Err() error
	Do(commandName string, args ...interface{}) (reply interface{}, err error)
	Send(commandName string, args ...interface{}) error
	Flush() error
	Receive() (reply interface{}, err error)
}

type ConnWithContext interface {
	Conn
	DoContext(ctx context.Context, commandName string, args ...interface{}) (reply interface{}, err error)
}

type Pool struct {
	Dial        func() (Conn, error)
	MaxIdle     int
	IdleTimeout time.Duration
}

func (p *Pool) Get() Conn                                    { return nil }
func (p *Pool) GetContext(ctx context.Context) (Conn, error) { return nil, nil }
func (p *Pool) Close() error                                 { return nil }
func DoContext(c Conn, ctx context.Context, cmd string, args ...interface{}) (interface{}, error) {
	return nil, nil
}

func String(reply interface{}, err error) (string, error) { return "", err }
func Bytes(reply interface{}, err error) ([]byte, error)  { return nil, err }
func Int(reply interface{}, err error) (int, error)       { return 0, err }
func Int64(reply interface{}, err error) (int64, error)   { return 0, err }
func Bool(reply interface{}, err error) (bool, error)     { return false, err }
