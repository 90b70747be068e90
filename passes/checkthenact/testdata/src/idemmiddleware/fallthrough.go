package idemmiddleware

import (
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

type storedResponse struct {
	Status int
	Body   []byte
}

// A stored answer that does not decode, and a store that is down, fall
// through to the handler as a miss does: the handler still runs for both
// retries that find nothing.
func IdempotentFailOpen(rdb *redis.Client) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx := r.Context()
			k := "idem:" + r.Header.Get("Idempotency-Key")
			raw, err := rdb.Get(ctx, k).Bytes() // want `check-then-act race: the existence check Get and the insert at line \d+ are separate steps`
			switch {
			case err == nil:
				var s storedResponse
				if json.Unmarshal(raw, &s) == nil {
					w.WriteHeader(s.Status)
					w.Write(s.Body)
					return
				}
			case !errors.Is(err, redis.Nil):
				log.Printf("idempotency store unavailable: %v", err)
			}
			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			b, _ := json.Marshal(storedResponse{Status: http.StatusOK, Body: rec.body.Bytes()})
			rdb.Set(ctx, k, b, 24*time.Hour)
		})
	}
}

// Near miss: the same fall-through shape in front of a page cache.
func CachedFailOpen(rdb *redis.Client) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx := r.Context()
			k := "page:" + r.URL.Path
			raw, err := rdb.Get(ctx, k).Bytes()
			switch {
			case err == nil:
				var s storedResponse
				if json.Unmarshal(raw, &s) == nil {
					w.Write(s.Body)
					return
				}
			case !errors.Is(err, redis.Nil):
				log.Printf("page cache unavailable: %v", err)
			}
			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			b, _ := json.Marshal(storedResponse{Status: http.StatusOK, Body: rec.body.Bytes()})
			rdb.Set(ctx, k, b, time.Minute)
		})
	}
}
