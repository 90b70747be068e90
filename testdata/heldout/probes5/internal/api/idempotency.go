package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"
)

type cachedResponse struct {
	Status      int    `json:"status"`
	ContentType string `json:"content_type"`
	Body        []byte `json:"body"`
}

type bodyRecorder struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (r *bodyRecorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

func (r *bodyRecorder) WriteString(s string) (int, error) {
	r.buf.WriteString(s)
	return r.ResponseWriter.WriteString(s)
}

func idemCacheKey(c *gin.Context, key string) string {
	return fmt.Sprintf("idem:%d:%s:%s", actorFrom(c).WorkspaceID, c.FullPath(), key)
}

func replay(c *gin.Context, raw []byte) {
	var cr cachedResponse
	if err := json.Unmarshal(raw, &cr); err != nil {
		writeError(c, err)
		c.Abort()
		return
	}
	c.Header("Idempotent-Replayed", "true")
	c.Data(cr.Status, cr.ContentType, cr.Body)
	c.Abort()
}

// ResponseCache replays the stored response for a repeated Idempotency-Key
// and stores successful responses for a day.
func ResponseCache(rdb *redis.Client) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		cacheKey := idemCacheKey(c, key)
		raw, err := rdb.Get(c, cacheKey).Bytes()
		if err == nil {
			replay(c, raw)
			return
		}
		if !errors.Is(err, redis.Nil) {
			writeError(c, err)
			c.Abort()
			return
		}
		rec := &bodyRecorder{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Next()
		if rec.Status() >= 500 {
			return
		}
		out, _ := json.Marshal(cachedResponse{Status: rec.Status(), ContentType: rec.Header().Get("Content-Type"), Body: rec.buf.Bytes()})
		rdb.Set(c, cacheKey, out, 24*time.Hour)
	}
}

// LeasedResponseCache claims the Idempotency-Key with SET NX before the
// handler runs and stores the response afterwards, whatever its status.
func LeasedResponseCache(rdb *redis.Client) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: "Idempotency-Key required"})
			return
		}
		cacheKey := idemCacheKey(c, key)
		claimed, err := rdb.SetNX(c, cacheKey, "pending", 24*time.Hour).Result()
		if err != nil {
			writeError(c, err)
			c.Abort()
			return
		}
		if !claimed {
			raw, err := rdb.Get(c, cacheKey).Bytes()
			if err != nil || string(raw) == "pending" {
				c.AbortWithStatusJSON(http.StatusConflict, errorBody{Error: "request in progress"})
				return
			}
			replay(c, raw)
			return
		}
		rec := &bodyRecorder{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Next()
		out, _ := json.Marshal(cachedResponse{Status: rec.Status(), ContentType: rec.Header().Get("Content-Type"), Body: rec.buf.Bytes()})
		rdb.Set(c, cacheKey, out, redis.KeepTTL)
	}
}
