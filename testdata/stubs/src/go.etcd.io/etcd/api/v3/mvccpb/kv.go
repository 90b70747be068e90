// Package mvccpb is a stub of go.etcd.io/etcd/api/v3/mvccpb.
package mvccpb

type KeyValue struct {
	Key   []byte
	Value []byte
}
