// Package redis is a stub of github.com/redis/go-redis/v9.
package redis

import (
	"context"
	"time"
)

type redisError string

func (e redisError) Error() string { return string(e) }

const Nil = redisError("redis: nil")

type IntCmd struct{}

func (cmd *IntCmd) Val() int64             { return 0 }
func (cmd *IntCmd) Result() (int64, error) { return 0, nil }
func (cmd *IntCmd) Err() error             { return nil }

type BoolCmd struct{}

func (cmd *BoolCmd) Val() bool             { return false }
func (cmd *BoolCmd) Result() (bool, error) { return false, nil }
func (cmd *BoolCmd) Err() error            { return nil }

// baseCmd carries the error of every command; StringCmd promotes its Err,
// as go-redis's commands do.
type baseCmd struct{ err error }

func (cmd *baseCmd) Err() error { return cmd.err }

type StringCmd struct {
	baseCmd
	val string
}

func (cmd *StringCmd) Val() string             { return cmd.val }
func (cmd *StringCmd) Result() (string, error) { return cmd.val, cmd.err }
func (cmd *StringCmd) Bytes() ([]byte, error)  { return []byte(cmd.val), cmd.err }
func (cmd *StringCmd) Int() (int, error)       { return 0, cmd.err }
func (cmd *StringCmd) Int64() (int64, error)   { return 0, cmd.err }

type StatusCmd struct{}

func (cmd *StatusCmd) Val() string             { return "" }
func (cmd *StatusCmd) Result() (string, error) { return "", nil }
func (cmd *StatusCmd) Err() error              { return nil }

type Options struct{ Addr string }

type Client struct{}

func NewClient(opt *Options) *Client { return &Client{} }

func (c *Client) Exists(ctx context.Context, keys ...string) *IntCmd { return nil }
func (c *Client) Get(ctx context.Context, key string) *StringCmd     { return nil }
func (c *Client) GetDel(ctx context.Context, key string) *StringCmd  { return nil }
func (c *Client) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}
func (c *Client) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}
func (c *Client) SIsMember(ctx context.Context, key string, member interface{}) *BoolCmd { return nil }
func (c *Client) SAdd(ctx context.Context, key string, members ...interface{}) *IntCmd   { return nil }
func (c *Client) Del(ctx context.Context, keys ...string) *IntCmd                        { return nil }

func (c *Client) Incr(ctx context.Context, key string) *IntCmd { return nil }
func (c *Client) HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd {
	return nil
}
func (c *Client) LPush(ctx context.Context, key string, values ...interface{}) *IntCmd { return nil }
