// Package redis is a minimal stub of github.com/redis/go-redis/v9.
package redis

import (
	"context"
	"time"
)

type Client struct{}

type BoolCmd struct{}

func (cmd *BoolCmd) Result() (bool, error) { return false, nil }
func (cmd *BoolCmd) Val() bool             { return false }

type IntCmd struct{}

func (cmd *IntCmd) Result() (int64, error) { return 0, nil }

type StatusCmd struct{}

func (cmd *StatusCmd) Err() error { return nil }

func (c *Client) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}
func (c *Client) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}
func (c *Client) Del(ctx context.Context, keys ...string) *IntCmd { return nil }
