// Package idemmiddleware holds HTTP middlewares that keep a response per
// key in redis: an idempotency store, and a response cache beside it.
package idemmiddleware

import (
	"bytes"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

type recorder struct {
	http.ResponseWriter
	body bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// Two retries with one key both find nothing stored, both run the
// handler (the charge behind it) and both store its answer.
func Idempotent(rdb *redis.Client) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			ctx := r.Context()
			stored, err := rdb.Get(ctx, "idem:"+key).Bytes() // want `check-then-act race: the existence check Get and the insert at line \d+ are separate steps`
			if err == nil {
				w.Write(stored)
				return
			}
			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			rdb.Set(ctx, "idem:"+key, rec.body.Bytes(), 24*time.Hour)
		})
	}
}

// Near miss: a response cache keyed by the page's path; a miss runs the
// handler twice, which is what a cache miss costs.
func Cached(rdb *redis.Client) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx := r.Context()
			page, err := rdb.Get(ctx, "page:"+r.URL.Path).Bytes()
			if err == nil {
				w.Write(page)
				return
			}
			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			rdb.Set(ctx, "page:"+r.URL.Path, rec.body.Bytes(), time.Minute)
		})
	}
}

// Near miss: the key is claimed with SET NX before the handler runs; the
// second request finds the claim and gets the stored answer or a 409.
func IdempotentClaimed(rdb *redis.Client) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			ctx := r.Context()
			won, err := rdb.SetNX(ctx, "idem:"+key, "", 24*time.Hour).Result()
			if err != nil || !won {
				w.WriteHeader(http.StatusConflict)
				return
			}
			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			rdb.Set(ctx, "idem:"+key, rec.body.Bytes(), 24*time.Hour)
		})
	}
}

// The next handler as a function value, called directly.
func IdempotentFunc(rdb *redis.Client, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		ctx := r.Context()
		if stored, err := rdb.Get(ctx, "idem:"+key).Bytes(); err == nil { // want `check-then-act race: the existence check Get and the insert at line \d+ are separate steps`
			w.Write(stored)
			return
		}
		rec := &recorder{ResponseWriter: w}
		next(rec, r)
		rdb.Set(ctx, "idem:"+key, rec.body.Bytes(), 24*time.Hour)
	}
}

// The next handler's ServeHTTP on its concrete HandlerFunc type.
func IdempotentServe(rdb *redis.Client, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		ctx := r.Context()
		if stored, err := rdb.Get(ctx, "idem:"+key).Bytes(); err == nil { // want `check-then-act race: the existence check Get and the insert at line \d+ are separate steps`
			w.Write(stored)
			return
		}
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		rdb.Set(ctx, "idem:"+key, rec.body.Bytes(), 24*time.Hour)
	}
}
