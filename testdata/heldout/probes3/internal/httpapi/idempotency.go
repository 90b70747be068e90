package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"example.com/shop3/internal/cache"
	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/store/pgstore"
)

// Idempotency replays answers to requests that carry an Idempotency-Key.
type Idempotency struct {
	Responses *cache.Responses
	Keys      pgstore.KeyRepo
}

type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

func replay(w http.ResponseWriter, resp domain.StoredResponse) {
	w.Header().Set("Idempotent-Replayed", "true")
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(resp.Status)
	_, _ = w.Write(resp.Body)
}

func scopedKey(r *http.Request) string {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		return ""
	}
	return strconv.FormatInt(tenantOf(r), 10) + ":" + key
}

// Replay answers a repeated key with the stored response; otherwise it
// runs next and stores what it answered.
func (i *Idempotency) Replay(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := scopedKey(r)
		if key == "" {
			next.ServeHTTP(w, r)
			return
		}
		stored, ok, err := i.Responses.Get(r.Context(), key)
		if err != nil {
			writeError(w, err)
			return
		}
		if ok {
			replay(w, stored)
			return
		}
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status < 500 {
			_ = i.Responses.Put(r.Context(), key, domain.StoredResponse{Status: rec.status, Body: rec.buf.Bytes()})
		}
	})
}

// Claimed is Replay with the key claimed (SET NX) before next runs: a
// concurrent duplicate gets 409 and a completed one the stored answer.
func (i *Idempotency) Claimed(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := scopedKey(r)
		if key == "" {
			http.Error(w, "Idempotency-Key required", http.StatusBadRequest)
			return
		}
		stored, err := i.Responses.Begin(r.Context(), key)
		if errors.Is(err, cache.ErrInFlight) {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "in flight", http.StatusConflict)
			return
		}
		if err != nil {
			writeError(w, err)
			return
		}
		if stored != nil {
			replay(w, *stored)
			return
		}
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status >= 500 {
			i.Responses.Abort(r.Context(), key)
			return
		}
		_ = i.Responses.Put(r.Context(), key, domain.StoredResponse{Status: rec.status, Body: rec.buf.Bytes()})
	})
}

// StoredPayment lets the checkout page fetch the answer to a payment it
// submitted with an Idempotency-Key, after a lost response.
func (i *Idempotency) StoredPayment(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("key")
	if tenantOf(r) == 0 {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	resp, ok, err := i.Keys.Response(r.Context(), key)
	if err != nil {
		writeError(w, err)
		return
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	replay(w, resp)
}

// StoredPaymentForTenant is StoredPayment for the tenant dashboard.
func (i *Idempotency) StoredPaymentForTenant(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("key")
	resp, ok, err := i.Keys.ResponseFor(r.Context(), tenantOf(r), key)
	if err != nil {
		writeError(w, err)
		return
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	replay(w, resp)
}

func decodeBody(r *http.Request, v any) error { return json.NewDecoder(r.Body).Decode(v) }
