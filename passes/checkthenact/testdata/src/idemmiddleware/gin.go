package idemmiddleware

import (
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"
)

func idemCacheKey(c *gin.Context, key string) string { return "idem:" + key }

// Two retries with one key both find nothing stored, and gin's chain runs
// the handler for both before either stores its answer.
func GinIdempotent(rdb *redis.Client) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		k := idemCacheKey(c, key)
		raw, err := rdb.Get(c, k).Bytes() // want `check-then-act race: the existence check Get and the insert at line \d+ are separate steps`
		if err == nil {
			c.Data(200, "application/json", raw)
			c.Abort()
			return
		}
		c.Next()
		rdb.Set(c, k, []byte("done"), 24*time.Hour)
	}
}

// Near miss: a page cache keyed by the path; a miss runs the handler
// twice, which is what a cache miss costs.
func GinPageCache(rdb *redis.Client) gin.HandlerFunc {
	return func(c *gin.Context) {
		k := "page:" + c.Request.URL.Path
		raw, err := rdb.Get(c, k).Bytes()
		if err == nil {
			c.Data(200, "text/html", raw)
			c.Abort()
			return
		}
		c.Next()
		rdb.Set(c, k, []byte("page"), time.Minute)
	}
}
