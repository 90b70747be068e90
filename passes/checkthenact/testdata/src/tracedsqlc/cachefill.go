package tracedsqlc

import (
	"context"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel/trace"
)

// Near miss: a cache fill that marks the request's span on a miss. The
// span's SetStatus is no write of the service's: filling twice is harmless.
func cachedProfile(ctx context.Context, rdb *redis.Client, id string) string {
	v, err := rdb.Get(ctx, "profile:"+id).Result()
	if err == redis.Nil {
		v = "computed"
		trace.SpanFromContext(ctx).SetStatus(1, "cache miss")
		rdb.Set(ctx, "profile:"+id, v, time.Minute)
	}
	return v
}

// The same fill before a webhook is the race.
func deliverOnce(ctx context.Context, rdb *redis.Client, id string) error {
	_, err := rdb.Get(ctx, "hook:"+id).Result() // want `check-then-act race: the existence check Get`
	if err != redis.Nil {
		return err
	}
	trace.SpanFromContext(ctx).SetStatus(1, "delivering")
	rdb.Set(ctx, "hook:"+id, "done", time.Hour)
	_, err = http.Post("https://partner.example/hook", "application/json", nil)
	return err
}
