package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"example.com/fleet6/internal/domain"
)

type ctxKey int

const (
	merchantKey ctxKey = iota
	apiKeyKey
	bookingKey
)

func merchantFrom(ctx context.Context) int64 {
	id, _ := ctx.Value(merchantKey).(int64)
	return id
}

func bookingFrom(ctx context.Context) domain.Booking {
	b, _ := ctx.Value(bookingKey).(domain.Booking)
	return b
}

// authMerchant resolves the merchant from the API key. Keys look like
// mk_<merchant id>_<secret>; the gateway has already verified the secret.
func (s *Server) authMerchant(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		parts := strings.SplitN(key, "_", 3)
		if len(parts) != 3 || parts[0] != "mk" {
			writeError(w, r, domain.ErrUnauthorized)
			return
		}
		id, err := strconv.ParseInt(parts[1], 10, 64)
		if err != nil {
			writeError(w, r, domain.ErrUnauthorized)
			return
		}
		ctx := context.WithValue(r.Context(), merchantKey, id)
		ctx = context.WithValue(ctx, apiKeyKey, parts[0]+"_"+parts[1])
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func (s *Server) quota(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		keyID, _ := r.Context().Value(apiKeyKey).(string)
		if err := s.Partners.AllowAPICall(r.Context(), keyID); err != nil {
			writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// replay answers a repeated Idempotency-Key with the stored response.
func (s *Server) replay(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		if key == "" {
			next.ServeHTTP(w, r)
			return
		}
		rec, found, err := s.Keys.Find(r.Context(), key)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if found {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(rec.Status)
			_, _ = w.Write(rec.Body)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// replayScoped is replay for the v2 API.
func (s *Server) replayScoped(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		if key == "" {
			writeError(w, r, errMissingKey)
			return
		}
		merchantID := merchantFrom(r.Context())
		rec, found, err := s.Keys.FindForMerchant(r.Context(), merchantID, key)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if found {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(rec.Status)
			_, _ = w.Write(rec.Body)
			return
		}
		next.ServeHTTP(w, r)
	})
}

var errMissingKey = errors.New("Idempotency-Key header is required")

// loadBooking loads the booking named in the path and checks it belongs to
// the merchant.
func (s *Server) loadBooking(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseInt(chi.URLParam(r, "bookingID"), 10, 64)
		if err != nil {
			writeError(w, r, domain.ErrNotFound)
			return
		}
		b, err := s.BookingRepo.Get(r.Context(), id)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if b.MerchantID != merchantFrom(r.Context()) {
			writeError(w, r, domain.ErrNotFound)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), bookingKey, b)))
	})
}
