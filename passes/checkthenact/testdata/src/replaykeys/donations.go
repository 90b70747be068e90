// Package replaykeys holds idempotency keys read back through a helper
// that builds the key from what its caller passes, and stored by the
// caller under the same spelling.
package replaykeys

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Gateway interface {
	Charge(ctx context.Context, customer string, amount int64) (string, error)
}

type cachedResponse struct {
	Status int
	Body   []byte
}

type Donations struct {
	rdb     *redis.Client
	gateway Gateway
}

// replay returns the stored answer for a key, nil when there is none.
func (d *Donations) replay(ctx context.Context, key string) (*cachedResponse, error) {
	raw, err := d.rdb.Get(ctx, "idem:donation:"+key).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var cr cachedResponse
	if err := json.Unmarshal(raw, &cr); err != nil {
		return nil, err
	}
	return &cr, nil
}

// Two retries with one key both find no stored answer, both charge and
// both store.
func (d *Donations) Donate(ctx context.Context, key, customer string, amount int64) (*cachedResponse, error) {
	cached, err := d.replay(ctx, key) // want `check-then-act race: the existence check replay and the insert at line \d+ are separate steps.*Charge at line \d+ runs before the insert`
	if err != nil {
		return nil, err
	}
	if cached != nil {
		return cached, nil
	}
	id, err := d.gateway.Charge(ctx, customer, amount)
	if err != nil {
		return nil, err
	}
	resp := &cachedResponse{Status: 201, Body: []byte(id)}
	blob, _ := json.Marshal(resp)
	d.rdb.Set(ctx, "idem:donation:"+key, blob, 24*time.Hour)
	return resp, nil
}

// storedCharge returns the charge id stored for a key, nil when none.
func (d *Donations) storedCharge(ctx context.Context, key string) ([]byte, error) {
	id, err := d.rdb.Get(ctx, fmt.Sprintf("charge:%s", key)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	return id, err
}

// The charge's own id kept under the key is an idempotency store, not a
// memo of a lookup: both retries charge.
func (d *Donations) Tip(ctx context.Context, key, customer string, amount int64) ([]byte, error) {
	stored, err := d.storedCharge(ctx, key) // want `check-then-act race: the existence check storedCharge and the insert at line \d+ are separate steps`
	if err != nil {
		return nil, err
	}
	if stored != nil {
		return stored, nil
	}
	id, err := d.gateway.Charge(ctx, customer, amount)
	if err != nil {
		return nil, err
	}
	d.rdb.Set(ctx, fmt.Sprintf("charge:%s", key), id, 24*time.Hour)
	return []byte(id), nil
}

// Near miss: the key is claimed with SET NX before the charge; a retry
// that loses the claim reads the stored answer.
func (d *Donations) DonateClaimed(ctx context.Context, key, customer string, amount int64) (*cachedResponse, error) {
	won, err := d.rdb.SetNX(ctx, "idem:donation:"+key, "pending", 24*time.Hour).Result()
	if err != nil {
		return nil, err
	}
	if !won {
		return d.replay(ctx, key)
	}
	id, err := d.gateway.Charge(ctx, customer, amount)
	if err != nil {
		d.rdb.Del(ctx, "idem:donation:"+key)
		return nil, err
	}
	resp := &cachedResponse{Status: 201, Body: []byte(id)}
	blob, _ := json.Marshal(resp)
	d.rdb.Set(ctx, "idem:donation:"+key, blob, 24*time.Hour)
	return resp, nil
}

// Near miss: the answer is stored under another spelling (the refund's
// namespace); the donation's key is never written, so this is no
// check-then-insert of it.
func (d *Donations) DonateLogged(ctx context.Context, key, customer string, amount int64) error {
	cached, err := d.replay(ctx, key)
	if err != nil {
		return err
	}
	if cached != nil {
		return nil
	}
	id, err := d.gateway.Charge(ctx, customer, amount)
	if err != nil {
		return err
	}
	return d.rdb.Set(ctx, "idem:refund:"+key, id, 24*time.Hour).Err()
}
