package etcdcheck

import (
	"context"

	clientv3 "go.etcd.io/etcd/client/v3"
)

func getThenPut(ctx context.Context, cli *clientv3.Client, id string, notify func(string)) error {
	key := "/done/" + id
	resp, err := cli.Get(ctx, key) // want `existence check Get and the insert at line 16 .*CreateRevision`
	if err != nil || len(resp.Kvs) > 0 {
		return err
	}
	notify(id)
	_, err = cli.Put(ctx, key, "1")
	return err
}

// A Txn that puts only if the key was never created, gating the act.
func txnPutIfAbsent(ctx context.Context, cli *clientv3.Client, id string, notify func(string)) error {
	key := "/done/" + id
	resp, err := cli.Get(ctx, key)
	if err != nil || resp.Count > 0 {
		return err
	}
	txn, err := cli.Txn(ctx).If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).Then(clientv3.OpPut(key, "1")).Commit()
	if err != nil || !txn.Succeeded {
		return err
	}
	notify(id)
	return nil
}

// A Txn without a comparison puts unconditionally.
func txnPutAlways(ctx context.Context, cli *clientv3.Client, id string, notify func(string)) error {
	key := "/done/" + id
	resp, err := cli.Get(ctx, key) // want `existence check Get and the insert at line 43`
	if err != nil || resp.Count != 0 {
		return err
	}
	notify(id)
	_, err = cli.Txn(ctx).Then(clientv3.OpPut(key, "1")).Commit()
	return err
}

// Another key: a marker for a different id.
func getThenPutOtherKey(ctx context.Context, cli *clientv3.Client, id string, notify func(string)) error {
	resp, err := cli.Get(ctx, "/done/"+id)
	if err != nil || len(resp.Kvs) > 0 {
		return err
	}
	notify(id)
	_, err = cli.Put(ctx, "/started/"+id, "1")
	return err
}

// A cache fill with no other effect is harmless.
func getThenPutCache(ctx context.Context, kv clientv3.KV, id, v string) error {
	resp, err := kv.Get(ctx, "/cache/"+id)
	if err != nil || len(resp.Kvs) > 0 {
		return err
	}
	_, err = kv.Put(ctx, "/cache/"+id, v)
	return err
}

// A count-only Get: Count is the number of keys found, and zero is the
// absent branch.
func countOnlyThenPut(ctx context.Context, cli *clientv3.Client, id string, notify func(string)) error {
	key := "/done/" + id
	resp, err := cli.Get(ctx, key, clientv3.WithCountOnly()) // want `existence check Get and the insert at line 78`
	if err != nil {
		return err
	}
	if resp.Count == 0 {
		notify(id)
		_, err = cli.Put(ctx, key, "1")
	}
	return err
}

// The same count-only Get whose zero branch only fills the cache.
func countOnlyThenCache(ctx context.Context, cli *clientv3.Client, id, v string) error {
	key := "/cache/" + id
	resp, err := cli.Get(ctx, key, clientv3.WithCountOnly())
	if err != nil {
		return err
	}
	if resp.Count == 0 {
		_, err = cli.Put(ctx, key, v)
	}
	return err
}

// The act runs when the key is there (Count > 0): nothing was checked for
// absence.
func countPresentThenPut(ctx context.Context, cli *clientv3.Client, id string, notify func(string)) error {
	key := "/done/" + id
	resp, err := cli.Get(ctx, key, clientv3.WithCountOnly())
	if err != nil || resp.Count == 0 {
		return err
	}
	notify(id)
	_, err = cli.Put(ctx, key, "2")
	return err
}
