package kvcommands

import (
	"context"
	"errors"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

var errBusy = errors.New("another request holds the key")

type Payouts struct {
	rdb *goredis.Client
	gw  Gateway
}

// tryLock takes a lock on the key for a while; unlock gives it back.
func (p *Payouts) tryLock(ctx context.Context, key string) (bool, error) {
	return p.rdb.SetNX(ctx, "lock:"+key, "1", 30*time.Second).Result()
}

func (p *Payouts) unlock(ctx context.Context, key string) {
	p.rdb.Del(ctx, "lock:"+key)
}

// The payout is looked up before the lock is taken, and not again under
// it: a retry that looked before the first one stored its result takes
// the lock once the first gives it back, and pays again.
func (p *Payouts) Pay(ctx context.Context, key string, cents int64) error {
	if _, err := p.rdb.Get(ctx, "payout:"+key).Result(); err == nil { // want `check-then-act race: the existence check Get and the insert at line \d+ are separate steps`
		return nil
	}
	won, err := p.tryLock(ctx, key)
	if err != nil || !won {
		return errBusy
	}
	defer p.unlock(ctx, key)
	if err := p.gw.Charge(ctx, key, cents); err != nil {
		return err
	}
	return p.rdb.Set(ctx, "payout:"+key, "paid", 0).Err()
}

// Near miss: the payout is looked up again under the lock (double-checked).
func (p *Payouts) PayRechecked(ctx context.Context, key string, cents int64) error {
	if _, err := p.rdb.Get(ctx, "payout:"+key).Result(); err == nil {
		return nil
	}
	won, err := p.tryLock(ctx, key)
	if err != nil || !won {
		return errBusy
	}
	defer p.unlock(ctx, key)
	if _, err := p.rdb.Get(ctx, "payout:"+key).Result(); err == nil {
		return nil
	}
	if err := p.gw.Charge(ctx, key, cents); err != nil {
		return err
	}
	return p.rdb.Set(ctx, "payout:"+key, "paid", 0).Err()
}

// Near miss: the key is claimed for good (SET NX, never released), and
// only the claim's winner pays.
func (p *Payouts) PayClaimed(ctx context.Context, key string, cents int64) error {
	if _, err := p.rdb.Get(ctx, "payout:"+key).Result(); err == nil {
		return nil
	}
	won, err := p.rdb.SetNX(ctx, "claim:"+key, "1", 0).Result()
	if err != nil || !won {
		return errBusy
	}
	if err := p.gw.Charge(ctx, key, cents); err != nil {
		return err
	}
	return p.rdb.Set(ctx, "payout:"+key, "paid", 0).Err()
}
