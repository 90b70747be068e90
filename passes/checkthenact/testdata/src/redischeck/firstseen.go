package redischeck

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Announcer interface {
	Publish(ctx context.Context, topic string, body any) error
}

type Presence struct {
	rdb    *redis.Client
	events Announcer
}

// firstSeen opens the day's record and announces the agent active.
func (p *Presence) firstSeen(ctx context.Context, key string, agentID int64) error {
	if err := p.rdb.HSet(ctx, key, "first_seen", time.Now().Unix()).Err(); err != nil {
		return err
	}
	return p.events.Publish(ctx, "agent_active", agentID)
}

// fill opens the day's record and nothing else.
func (p *Presence) fill(ctx context.Context, key string) error {
	return p.rdb.HSet(ctx, key, "first_seen", time.Now().Unix()).Err()
}

// Two heartbeats at the start of the day both find no record, and the
// helper that opens it announces the agent active twice.
func (p *Presence) Heartbeat(ctx context.Context, agentID int64) error {
	key := fmt.Sprintf("agent:day:%d", agentID)
	stats, err := p.rdb.HGetAll(ctx, key).Result() // want `check-then-act race: the existence check HGetAll and the insert at line \d+ are separate steps`
	if err != nil {
		return err
	}
	if len(stats) == 0 {
		if err := p.firstSeen(ctx, key, agentID); err != nil {
			return err
		}
	}
	return p.rdb.HSet(ctx, key, "last_seen", time.Now().Unix()).Err()
}

// Near miss: the helper only fills the record; doing it twice is what a
// miss costs.
func (p *Presence) Touch(ctx context.Context, agentID int64) error {
	key := fmt.Sprintf("agent:day:%d", agentID)
	stats, err := p.rdb.HGetAll(ctx, key).Result()
	if err != nil {
		return err
	}
	if len(stats) == 0 {
		if err := p.fill(ctx, key); err != nil {
			return err
		}
	}
	return p.rdb.HSet(ctx, key, "last_seen", time.Now().Unix()).Err()
}
