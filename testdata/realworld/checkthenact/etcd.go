package checkthenact

import (
	"context"
	"net/http"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// Jobs starts each job once, remembering started jobs in etcd.
type Jobs struct {
	cli  *clientv3.Client
	http *http.Client
}

// Start reads the job's key and, when it is missing, triggers the job and
// puts the key: two schedulers both see no key and both trigger it.
func (j *Jobs) Start(ctx context.Context, id string) error {
	key := "/jobs/started/" + id
	resp, err := j.cli.Get(ctx, key) // want:checkthenact
	if err != nil {
		return err
	}
	if len(resp.Kvs) > 0 {
		return nil
	}
	if err := j.trigger(ctx, id); err != nil {
		return err
	}
	_, err = j.cli.Put(ctx, key, "started")
	return err
}

// StartTxn puts the key only if it was never created, in one Txn, and
// triggers the job only when this caller's put succeeded.
func (j *Jobs) StartTxn(ctx context.Context, id string) error {
	key := "/jobs/started/" + id
	resp, err := j.cli.Get(ctx, key)
	if err != nil || resp.Count > 0 {
		return err
	}
	txn, err := j.cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
		Then(clientv3.OpPut(key, "started")).
		Commit()
	if err != nil || !txn.Succeeded {
		return err
	}
	return j.trigger(ctx, id)
}

// Remember caches a value in etcd: filling it twice is harmless.
func (j *Jobs) Remember(ctx context.Context, id, value string) error {
	key := "/jobs/cache/" + id
	resp, err := j.cli.Get(ctx, key)
	if err != nil || resp.Count > 0 {
		return err
	}
	_, err = j.cli.Put(ctx, key, value)
	return err
}

func (j *Jobs) trigger(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://jobs.example/run/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := j.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
