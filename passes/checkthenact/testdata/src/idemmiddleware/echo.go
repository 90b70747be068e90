package idemmiddleware

import (
	"time"

	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"
)

// The same in echo: two retries both find no marker and both run next.
func IdempotentEcho(rdb *redis.Client) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get("Idempotency-Key")
			ctx := c.Request().Context()
			if _, err := rdb.Get(ctx, "req:"+key).Result(); err == nil { // want `check-then-act race: the existence check Get and the insert at line \d+ are separate steps`
				return nil
			}
			if err := next(c); err != nil {
				return err
			}
			return rdb.Set(ctx, "req:"+key, "done", time.Hour).Err()
		}
	}
}

// Near miss: an echo response cache keyed by the path.
func CachedEcho(rdb *redis.Client) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			ctx := c.Request().Context()
			if _, err := rdb.Get(ctx, "page:"+c.Request().URL.Path).Result(); err == nil {
				return nil
			}
			if err := next(c); err != nil {
				return err
			}
			return rdb.Set(ctx, "page:"+c.Request().URL.Path, "done", time.Minute).Err()
		}
	}
}
