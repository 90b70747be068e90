// Package presence tracks which agents are online, for the supervisor
// dashboard and for active-agent billing analytics.
package presence

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/desk5/internal/effects"
)

type Tracker struct {
	Redis     *redis.Client
	Telemetry effects.Telemetry
	Events    effects.EventPublisher
	Log       *slog.Logger
}

func day(t time.Time) string { return t.UTC().Format("2006-01-02") }

func statsKey(workspaceID, agentID int64, d string) string {
	return fmt.Sprintf("agent:stats:%d:%d:%s", workspaceID, agentID, d)
}

// Heartbeat is sent by the agent UI every 30 seconds.
func (t *Tracker) Heartbeat(ctx context.Context, workspaceID, agentID int64, status string) error {
	now := time.Now()
	key := statsKey(workspaceID, agentID, day(now))
	stats, err := t.Redis.HGetAll(ctx, key).Result()
	if err != nil {
		return err
	}
	if len(stats) == 0 {
		if err := t.firstSeenToday(ctx, workspaceID, agentID, key, now); err != nil {
			return err
		}
	}
	pipe := t.Redis.Pipeline()
	pipe.HSet(ctx, key, "last_seen", now.Unix(), "status", status)
	pipe.HIncrBy(ctx, key, "heartbeats", 1)
	pipe.Expire(ctx, key, 48*time.Hour)
	pipe.ZAdd(ctx, fmt.Sprintf("online:%d", workspaceID), redis.Z{Score: float64(now.Unix()), Member: agentID})
	_, err = pipe.Exec(ctx)
	return err
}

func (t *Tracker) firstSeenToday(ctx context.Context, workspaceID, agentID int64, key string, now time.Time) error {
	if err := t.Redis.HSet(ctx, key, "first_seen", now.Unix(), "heartbeats", 0).Err(); err != nil {
		return err
	}
	if err := t.Redis.Incr(ctx, fmt.Sprintf("dau:%d:%s", workspaceID, day(now))).Err(); err != nil {
		return err
	}
	t.Telemetry.Incr(ctx, "agent.active_day", map[string]string{"workspace": strconv.FormatInt(workspaceID, 10)})
	return t.Events.Publish(ctx, "presence.agent_active", map[string]any{
		"workspace_id": workspaceID,
		"agent_id":     agentID,
		"day":          day(now),
	})
}

// MobileHeartbeat is sent by the mobile app, which keeps its own daily
// record. HSETNX decides which heartbeat is the first of the day.
func (t *Tracker) MobileHeartbeat(ctx context.Context, workspaceID, agentID int64) error {
	now := time.Now()
	key := fmt.Sprintf("agent:mobile:%d:%d:%s", workspaceID, agentID, day(now))
	first, err := t.Redis.HSetNX(ctx, key, "first_seen", now.Unix()).Result()
	if err != nil {
		return err
	}
	if first {
		if err := t.Redis.Incr(ctx, fmt.Sprintf("dau:mobile:%d:%s", workspaceID, day(now))).Err(); err != nil {
			return err
		}
		t.Telemetry.Incr(ctx, "agent.active_day_mobile", map[string]string{"workspace": strconv.FormatInt(workspaceID, 10)})
		_ = t.Events.Publish(ctx, "presence.agent_active_mobile", map[string]any{"workspace_id": workspaceID, "agent_id": agentID, "day": day(now)})
	}
	pipe := t.Redis.Pipeline()
	pipe.HSet(ctx, key, "last_seen", now.Unix(), "status", "mobile")
	pipe.HIncrBy(ctx, key, "heartbeats", 1)
	pipe.Expire(ctx, key, 48*time.Hour)
	_, err = pipe.Exec(ctx)
	return err
}

// ActiveAgents returns the number of distinct active agents for a day.
func (t *Tracker) ActiveAgents(ctx context.Context, workspaceID int64, d time.Time) (int64, error) {
	v, err := t.Redis.Get(ctx, fmt.Sprintf("dau:%d:%s", workspaceID, day(d))).Int64()
	if err == redis.Nil {
		return 0, nil
	}
	return v, err
}
