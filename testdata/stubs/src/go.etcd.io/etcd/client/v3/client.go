// Package clientv3 is a stub of go.etcd.io/etcd/client/v3.
package clientv3

import (
	"context"

	"go.etcd.io/etcd/api/v3/mvccpb"
)

type Client struct {
	KV
}

type OpOption func(*Op)

type Op struct{}

// WithCountOnly makes Get return only the number of keys: Kvs stays empty.
func WithCountOnly() OpOption { return nil }

type Cmp struct{}

func Compare(cmp Cmp, result string, v any) Cmp { return cmp }

func CreateRevision(key string) Cmp { return Cmp{} }

func OpPut(key, val string, opts ...OpOption) Op { return Op{} }

type GetResponse struct {
	Kvs   []*mvccpb.KeyValue
	Count int64
}

type PutResponse struct{}

type TxnResponse struct{ Succeeded bool }

type KV interface {
	Put(ctx context.Context, key, val string, opts ...OpOption) (*PutResponse, error)
	Get(ctx context.Context, key string, opts ...OpOption) (*GetResponse, error)
	Txn(ctx context.Context) Txn
}

type Txn interface {
	If(cs ...Cmp) Txn
	Then(ops ...Op) Txn
	Else(ops ...Op) Txn
	Commit() (*TxnResponse, error)
}
