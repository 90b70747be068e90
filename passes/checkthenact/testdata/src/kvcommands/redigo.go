// Package kvcommands holds guards on redis clients that name the command
// in the call instead of the method: redigo's conn.Do("SET", ...),
// go-redis's rdb.Do(ctx, "SET", ...) and rueidis's built commands.
package kvcommands

import (
	"context"
	"errors"

	"github.com/gomodule/redigo/redis"
	goredis "github.com/redis/go-redis/v9"
)

type Gateway interface {
	Charge(ctx context.Context, key string, cents int64) error
}

type Tips struct {
	pool *redis.Pool
	gw   Gateway
}

// Two retries of one tip both find no marker, both charge and both set it.
func (t *Tips) Tip(ctx context.Context, key string, cents int64) error {
	conn := t.pool.Get()
	defer conn.Close()
	_, err := redis.String(conn.Do("GET", "tip:"+key)) // want `check-then-act race: the existence check Do and the insert at line \d+ are separate steps`
	if err == nil {
		return nil
	}
	if !errors.Is(err, redis.ErrNil) {
		return err
	}
	if err := t.gw.Charge(ctx, key, cents); err != nil {
		return err
	}
	_, err = conn.Do("SET", "tip:"+key, "done", "EX", 86400)
	return err
}

// Near miss: a GET answers a finished retry fast, and SET NX claims the
// marker before the charge; of two concurrent retries only the one whose
// SET wrote it charges.
func (t *Tips) TipClaimed(ctx context.Context, key string, cents int64) error {
	conn := t.pool.Get()
	defer conn.Close()
	if _, err := redis.String(conn.Do("GET", "tip:"+key)); err == nil {
		return nil
	}
	won, err := redis.String(conn.Do("SET", "tip:"+key, "done", "NX", "EX", 86400))
	if errors.Is(err, redis.ErrNil) {
		return nil // the marker was there: a retry
	}
	if err != nil || won != "OK" {
		return err
	}
	return t.gw.Charge(ctx, key, cents)
}

// Two texts at limit-1 both read the counter under the limit, both send
// and both increment.
func (t *Tips) Remind(ctx context.Context, phone string) error {
	conn := t.pool.Get()
	defer conn.Close()
	n, err := redis.Int(conn.Do("GET", "sent:"+phone)) // want `limit race: the counter read here is compared at line \d+, and Do at line \d+ adds to it in a separate step`
	if err != nil && !errors.Is(err, redis.ErrNil) {
		return err
	}
	if n >= 3 {
		return errors.New("too many reminders")
	}
	if err := t.gw.Charge(ctx, phone, 1); err != nil {
		return err
	}
	_, err = conn.Do("INCR", "sent:"+phone)
	return err
}

// Near miss: INCR first, and its result is what is compared.
func (t *Tips) RemindCounted(ctx context.Context, phone string) error {
	conn := t.pool.Get()
	defer conn.Close()
	n, err := redis.Int(conn.Do("INCR", "sent:"+phone))
	if err != nil {
		return err
	}
	if n > 3 {
		return errors.New("too many reminders")
	}
	return t.gw.Charge(ctx, phone, 1)
}

// go-redis names the command in Do's words too. Two retries both find no
// marker and both charge.
func TipDo(ctx context.Context, rdb *goredis.Client, gw Gateway, key string) error {
	if _, err := rdb.Do(ctx, "GET", "tip:"+key).Text(); err == nil { // want `check-then-act race: the existence check Do and the insert at line \d+ are separate steps`
		return nil
	}
	if err := gw.Charge(ctx, key, 100); err != nil {
		return err
	}
	return rdb.Do(ctx, "SET", "tip:"+key, "done").Err()
}

// Near miss: the SET carries NX and only its winner charges.
func TipDoClaimed(ctx context.Context, rdb *goredis.Client, gw Gateway, key string) error {
	if _, err := rdb.Do(ctx, "GET", "tip:"+key).Text(); err == nil {
		return nil
	}
	if err := rdb.Do(ctx, "SET", "tip:"+key, "done", "NX").Err(); err != nil {
		return nil // goredis.Nil: the marker was there
	}
	return gw.Charge(ctx, key, 100)
}
