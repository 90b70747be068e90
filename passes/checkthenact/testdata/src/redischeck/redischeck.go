package redischeck

import (
	"context"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

func deliver(ctx context.Context, rdb *redis.Client, id string) error {
	if rdb.Exists(ctx, "webhook:"+id).Val() > 0 { // want `check-then-act race: the existence check Exists`
		return nil
	}
	rdb.Set(ctx, "webhook:"+id, 1, 24*time.Hour)
	_, err := http.Post("https://partner.example/hook", "application/json", nil)
	return err
}

// Near miss: SETNX decides atomically.
func deliverNX(ctx context.Context, rdb *redis.Client, id string) error {
	if !rdb.SetNX(ctx, "webhook:"+id, 1, 24*time.Hour).Val() {
		return nil
	}
	_, err := http.Post("https://partner.example/hook", "application/json", nil)
	return err
}

// Near miss: a cache fill without a side effect.
func cached(ctx context.Context, rdb *redis.Client, id string) string {
	v, err := rdb.Get(ctx, "profile:"+id).Result()
	if err == redis.Nil {
		v = "computed"
		rdb.Set(ctx, "profile:"+id, v, time.Minute)
	}
	return v
}

func getThenSet(ctx context.Context, rdb *redis.Client, id string) error {
	_, err := rdb.Get(ctx, "evt:"+id).Result() // want `check-then-act race: the existence check Get`
	if err != redis.Nil {
		return err
	}
	rdb.Set(ctx, "evt:"+id, "done", time.Hour)
	_, err = http.Post("https://partner.example/hook", "application/json", nil)
	return err
}

// Near miss: a different key is set.
func deliverOtherKey(ctx context.Context, rdb *redis.Client, id string) error {
	if rdb.Exists(ctx, "webhook:"+id).Val() > 0 {
		return nil
	}
	rdb.Set(ctx, "attempts:"+id, 1, 24*time.Hour)
	_, err := http.Post("https://partner.example/hook", "application/json", nil)
	return err
}

var published = map[string]bool{}

// Near miss: the absent branch only repeats an idempotent SADD; doing it
// twice is harmless.
func publishQueue(ctx context.Context, rdb *redis.Client, queue string) {
	if rdb.SIsMember(ctx, "queues", queue).Val() {
		return
	}
	rdb.SAdd(ctx, "queues", queue)
	rdb.Set(ctx, "queue:"+queue, 1, 0)
}

// The same guard before an HTTP call is the race.
func notifyOnce(ctx context.Context, rdb *redis.Client, queue string) {
	if rdb.SIsMember(ctx, "notified", queue).Val() { // want `check-then-act race: the existence check SIsMember`
		return
	}
	rdb.SAdd(ctx, "notified", queue)
	http.Post("https://partner.example/queue", "text/plain", nil)
}

// pairs keeps a state per pair in redis behind helper methods, as lane
// routers and feature toggles do.
type pairs struct{ rdb *redis.Client }

func (p *pairs) activityKey(pair string) string { return "activity:" + pair }
func (p *pairs) stateKey(pair string) string    { return "state:" + pair }

func (p *pairs) hasRecentActivity(ctx context.Context, pair string) (bool, error) {
	n, err := p.rdb.Exists(ctx, p.activityKey(pair)).Result()
	return n > 0, err
}

func (p *pairs) startCoolingDown(ctx context.Context, pair string) error {
	return p.rdb.Set(ctx, p.stateKey(pair), "cooling", time.Minute).Err()
}

// Near miss: both callers overwrite the pair's state with the same value;
// nothing runs twice that matters.
func routePair(ctx context.Context, p *pairs, pair string) string {
	active, err := p.hasRecentActivity(ctx, pair)
	if err != nil || active {
		return "hot"
	}
	if err := p.startCoolingDown(ctx, pair); err != nil {
		return "normal"
	}
	return "cooling"
}

func (p *pairs) notified(ctx context.Context, pair string) (bool, error) {
	n, err := p.rdb.Exists(ctx, "notified:"+pair).Result()
	return n > 0, err
}

func (p *pairs) markNotified(ctx context.Context, pair string) error {
	return p.rdb.Set(ctx, "notified:"+pair, 1, time.Hour).Err()
}

// The same helpers around a partner call: both callers see the pair
// unmarked and both call.
func notifyPair(ctx context.Context, p *pairs, pair string) error {
	done, err := p.notified(ctx, pair) // want `check-then-act race: the existence check notified`
	if err != nil || done {
		return err
	}
	if err := p.markNotified(ctx, pair); err != nil {
		return err
	}
	_, err = http.Post("https://partner.example/pair", "text/plain", nil)
	return err
}
