package kvcommands

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/redis/rueidis"
)

// Responses keeps the answer of each idempotent request, built commands
// on rueidis.
type Responses struct{ client rueidis.Client }

func (r *Responses) get(ctx context.Context, key string) ([]byte, bool, error) {
	b, err := r.client.Do(ctx, r.client.B().Get().Key("resp:"+key).Build()).AsBytes()
	if rueidis.IsRedisNil(err) {
		return nil, false, nil
	}
	return b, err == nil, err
}

func (r *Responses) put(ctx context.Context, key string, body []byte) error {
	return r.client.Do(ctx, r.client.B().Set().Key("resp:"+key).Value(rueidis.BinaryString(body)).Ex(24*time.Hour).Build()).Error()
}

// begin claims the key: SET NX answers nil for a key already there.
func (r *Responses) begin(ctx context.Context, key string) (bool, error) {
	err := r.client.Do(ctx, r.client.B().Set().Key("resp:"+key).Value("").Nx().Ex(24*time.Hour).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return false, nil
	}
	return err == nil, err
}

type recorder struct {
	http.ResponseWriter
	body []byte
}

func (w *recorder) Write(b []byte) (int, error) {
	w.body = append(w.body, b...)
	return w.ResponseWriter.Write(b)
}

// scopedKey is the client's Idempotency-Key within its tenant.
func scopedKey(req *http.Request) string {
	key := req.Header.Get("Idempotency-Key")
	if key == "" {
		return ""
	}
	return req.Header.Get("X-Tenant") + ":" + key
}

// Two requests with one key both find nothing stored and both run the
// handler (the charge behind it).
func (r *Responses) Replay(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		key := scopedKey(req)
		stored, ok, err := r.get(req.Context(), key) // want `check-then-act race: the existence check get and the insert at line \d+ are separate steps`
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if ok {
			w.Write(stored)
			return
		}
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, req)
		_ = r.put(req.Context(), key, rec.body)
	})
}

func pageKey(req *http.Request) string { return "page:" + req.URL.Path }

// Near miss: a page cache keyed by the path; a miss runs the handler
// twice, which is what a cache miss costs.
func (r *Responses) Cached(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		key := pageKey(req)
		if page, ok, err := r.get(req.Context(), key); err == nil && ok {
			w.Write(page)
			return
		}
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, req)
		_ = r.put(req.Context(), key, rec.body)
	})
}

// Near miss: a stored answer is sent fast, and the key is claimed with
// SET NX before the handler runs.
func (r *Responses) Claimed(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		key := req.Header.Get("Idempotency-Key")
		if stored, ok, err := r.get(req.Context(), key); err == nil && ok {
			w.Write(stored) // a finished request's answer, fast
			return
		}
		won, err := r.begin(req.Context(), key)
		if err != nil || !won {
			http.Error(w, "in flight or done", http.StatusConflict)
			return
		}
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, req)
		_ = r.put(req.Context(), key, rec.body)
	})
}

// A day's label budget read with GET, a label bought, then INCRBY: two
// requests at the limit both buy.
func BuyLabel(ctx context.Context, client rueidis.Client, gw Gateway, tenant string) error {
	n, err := client.Do(ctx, client.B().Get().Key("labels:"+tenant).Build()).AsInt64() // want `limit race: the counter read here is compared at line \d+, and Do at line \d+ adds to it in a separate step`
	if err != nil && !rueidis.IsRedisNil(err) {
		return err
	}
	if n >= 100 {
		return errors.New("label budget spent")
	}
	if err := gw.Charge(ctx, tenant, 500); err != nil {
		return err
	}
	return client.Do(ctx, client.B().Incrby().Key("labels:"+tenant).Increment(1).Build()).Error()
}

// Near miss: INCRBY first, and its result is compared.
func BuyLabelCounted(ctx context.Context, client rueidis.Client, gw Gateway, tenant string) error {
	n, err := client.Do(ctx, client.B().Incrby().Key("labels:"+tenant).Increment(1).Build()).AsInt64()
	if err != nil {
		return err
	}
	if n > 100 {
		return errors.New("label budget spent")
	}
	return gw.Charge(ctx, tenant, 500)
}
