// Package rueidis is a stub of github.com/redis/rueidis: a client that
// sends commands built by a chain of builder calls.
package rueidis

import (
	"context"
	"time"

	"github.com/redis/rueidis/internal/cmds"
)

type (
	Builder   = cmds.Builder
	Completed = cmds.Completed
	Cacheable = cmds.Cacheable
)

type RedisResult struct{ err error }

func (r RedisResult) Error() error              { return r.err }
func (r RedisResult) ToString() (string, error) { return "", r.err }
func (r RedisResult) AsBytes() ([]byte, error)  { return nil, r.err }
func (r RedisResult) AsInt64() (int64, error)   { return 0, r.err }
func (r RedisResult) AsBool() (bool, error)     { return false, r.err }

type CoreClient interface {
	B() Builder
	Do(ctx context.Context, cmd Completed) (resp RedisResult)
	Close()
}

type Client interface {
	CoreClient
	DoCache(ctx context.Context, cmd Cacheable, ttl time.Duration) (resp RedisResult)
}

type ClientOption struct{ InitAddress []string }

func NewClient(option ClientOption) (Client, error) { return nil, nil }

// IsRedisNil reports whether err is the nil reply of a missing key.
func IsRedisNil(err error) bool { return err != nil }

func BinaryString(bs []byte) string { return string(bs) }
