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

// MapStringStringCmd is HGETALL's reply: the hash's fields.
type MapStringStringCmd struct{}

func (cmd *MapStringStringCmd) Val() map[string]string             { return nil }
func (cmd *MapStringStringCmd) Result() (map[string]string, error) { return nil, nil }

type StatusCmd struct{}

func (cmd *StatusCmd) Val() string             { return "" }
func (cmd *StatusCmd) Result() (string, error) { return "", nil }
func (cmd *StatusCmd) Err() error              { return nil }

type Options struct{ Addr string }

// cmdable runs a command; go-redis declares its commands on this func
// type and embeds it in Client, so a client's Get is a promoted method
// reached through a field.
type cmdable func(ctx context.Context, cmd Cmder) error

type Client struct{ cmdable }

func NewClient(opt *Options) *Client { return &Client{} }

func (c cmdable) Exists(ctx context.Context, keys ...string) *IntCmd { return nil }
func (c cmdable) Get(ctx context.Context, key string) *StringCmd     { return nil }
func (c cmdable) GetDel(ctx context.Context, key string) *StringCmd  { return nil }
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}
func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}
func (c cmdable) SIsMember(ctx context.Context, key string, member interface{}) *BoolCmd { return nil }
func (c cmdable) SAdd(ctx context.Context, key string, members ...interface{}) *IntCmd   { return nil }
func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd                        { return nil }

func (c cmdable) HGetAll(ctx context.Context, key string) *MapStringStringCmd { return nil }
func (c cmdable) HSet(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return nil
}

func (c cmdable) Incr(ctx context.Context, key string) *IntCmd { return nil }
func (c cmdable) HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd {
	return nil
}
func (c cmdable) LPush(ctx context.Context, key string, values ...interface{}) *IntCmd { return nil }

// XAck acknowledges stream entries read by a consumer group.
func (c cmdable) XAck(ctx context.Context, stream, group string, ids ...string) *IntCmd { return nil }

func (c cmdable) Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return nil
}

// Cmder is any queued command.
type Cmder interface{ Err() error }

// Cmdable is the command set a client and a pipeline share; go-redis
// declares its methods on this interface, so a pipeline's Incr is an
// interface call.
type Cmdable interface {
	TxPipeline() Pipeliner
	StringCmdable
	Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
}

type StringCmdable interface {
	Get(ctx context.Context, key string) *StringCmd
	Incr(ctx context.Context, key string) *IntCmd
	HashCmdable
}

// HashCmdable is the hash commands a client and a pipeline share.
type HashCmdable interface {
	HSet(ctx context.Context, key string, values ...interface{}) *IntCmd
	HGetAll(ctx context.Context, key string) *MapStringStringCmd
}

type StatefulCmdable interface {
	Cmdable
	Select(ctx context.Context, index int) *StatusCmd
}

// Pipeliner queues commands until Exec sends them.
type Pipeliner interface {
	StatefulCmdable
	Exec(ctx context.Context) ([]Cmder, error)
}

func (c *Client) TxPipeline() Pipeliner { return nil }
func (c *Client) Pipeline() Pipeliner   { return nil }
func (c *Client) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

// Cmd is the reply of a command sent by its words (Do).
type Cmd struct {
	baseCmd
	val interface{}
}

func (cmd *Cmd) Result() (interface{}, error) { return cmd.val, cmd.err }
func (cmd *Cmd) Text() (string, error)        { return "", cmd.err }
func (cmd *Cmd) Int64() (int64, error)        { return 0, cmd.err }

func (c cmdable) Do(ctx context.Context, args ...interface{}) *Cmd { return nil }
