package idem

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

// LockMiddleware claims the key before running the handler, so that only
// one of several concurrent identical requests executes. Used by the v2
// API.
func LockMiddleware(rdb *redis.Client, principal Principal, ttl, lease time.Duration, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key, ok := keyFromRequest(r)
			if !ok {
				http.Error(w, "Idempotency-Key header required", http.StatusBadRequest)
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
			k := storageKey("idem:v2", who, routeOf(r), key)

			pending, _ := json.Marshal(storedResponse{Fingerprint: fp, Pending: true})
			won, err := rdb.SetNX(ctx, k, pending, lease).Result()
			if err != nil {
				log.ErrorContext(ctx, "idempotency claim", "err", err)
				http.Error(w, "temporarily unavailable", http.StatusServiceUnavailable)
				return
			}
			if !won {
				answerExisting(w, r, rdb, k, fp)
				return
			}

			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				rdb.Del(ctx, k)
				return
			}
			b, _ := json.Marshal(storedResponse{Fingerprint: fp, Status: rec.status, Header: rec.Header().Clone(), Body: rec.buf.Bytes()})
			if err := rdb.Set(ctx, k, b, ttl).Err(); err != nil {
				log.ErrorContext(ctx, "store idempotent response", "err", err)
			}
		})
	}
}

func answerExisting(w http.ResponseWriter, r *http.Request, rdb *redis.Client, k, fp string) {
	raw, err := rdb.Get(r.Context(), k).Bytes()
	if err != nil {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "request in progress", http.StatusConflict)
		return
	}
	var s storedResponse
	if err := json.Unmarshal(raw, &s); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	switch {
	case s.Fingerprint != fp:
		http.Error(w, "idempotency key reused with a different request", http.StatusUnprocessableEntity)
	case s.Pending:
		w.Header().Set("Retry-After", "1")
		http.Error(w, "request in progress", http.StatusConflict)
	default:
		replay(w, s)
	}
}
