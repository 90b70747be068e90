// Package ent mimics the code entc generates for two entities,
// IdempotencyKey and Order.
package ent

import (
	"context"

	"entgo.io/ent"
)

// The generated code imports entgo.io/ent; keep the import used.
var _ ent.Op

type Client struct {
	IdempotencyKey *IdempotencyKeyClient
	Order          *OrderClient
}

type Tx struct {
	IdempotencyKey *IdempotencyKeyClient
	Order          *OrderClient
}

func (c *Client) Tx(ctx context.Context) (*Tx, error) { return &Tx{}, nil }

func (tx *Tx) Commit() error   { return nil }
func (tx *Tx) Rollback() error { return nil }

type IdempotencyKey struct {
	ID  int
	Key string
}

type IdempotencyKeyClient struct{}

func (c *IdempotencyKeyClient) Create() *IdempotencyKeyCreate { return &IdempotencyKeyCreate{} }

type IdempotencyKeyCreate struct{}

func (ikc *IdempotencyKeyCreate) SetKey(s string) *IdempotencyKeyCreate { return ikc }
func (ikc *IdempotencyKeyCreate) Save(ctx context.Context) (*IdempotencyKey, error) {
	return &IdempotencyKey{}, nil
}

type Order struct {
	ID     int
	Amount int64
}

type OrderClient struct{}

func (c *OrderClient) Create() *OrderCreate { return &OrderCreate{} }

type OrderCreate struct{}

func (oc *OrderCreate) SetAmount(i int64) *OrderCreate           { return oc }
func (oc *OrderCreate) Save(ctx context.Context) (*Order, error) { return &Order{}, nil }
