package idem

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

// CacheMiddleware stores each successful response under the client's key
// and replays it for a repeated request. It is used by the v1 checkout API.
func CacheMiddleware(rdb *redis.Client, principal Principal, ttl time.Duration, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key, ok := keyFromRequest(r)
			if !ok {
				next.ServeHTTP(w, r)
				return
			}
			who, ok := principal(r)
			if !ok {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			fp, err := fingerprint(r)
			if err != nil {
				http.Error(w, "bad request", http.StatusBadRequest)
				return
			}
			ctx := r.Context()
			k := storageKey("idem:v1", who, routeOf(r), key)

			raw, err := rdb.Get(ctx, k).Bytes()
			switch {
			case err == nil:
				var s storedResponse
				if err := json.Unmarshal(raw, &s); err == nil {
					if s.Fingerprint != fp {
						http.Error(w, "idempotency key reused with a different request", http.StatusUnprocessableEntity)
						return
					}
					replay(w, s)
					return
				}
			case !errors.Is(err, redis.Nil):
				log.WarnContext(ctx, "idempotency cache unavailable", "err", err)
			}

			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			b, _ := json.Marshal(storedResponse{Fingerprint: fp, Status: rec.status, Header: rec.Header().Clone(), Body: rec.buf.Bytes()})
			if err := rdb.Set(ctx, k, b, ttl).Err(); err != nil {
				log.WarnContext(ctx, "store idempotent response", "err", err)
			}
		})
	}
}
