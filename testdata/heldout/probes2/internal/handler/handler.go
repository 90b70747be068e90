// Package handler exposes the services over HTTP.
package handler

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"example.com/shop2/internal/service"
)

type ctxKey int

const (
	userKey ctxKey = iota
	merchantKey
)

// TokenVerifier validates bearer tokens issued by the auth service.
type TokenVerifier interface {
	Verify(ctx context.Context, token string) (userID int64, merchantID int64, err error)
}

// Authenticate puts the caller's ids into the request context.
func Authenticate(v TokenVerifier) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok {
				writeError(w, http.StatusUnauthorized, "unauthorized", "missing bearer token")
				return
			}
			uid, mid, err := v.Verify(r.Context(), tok)
			if err != nil {
				writeError(w, http.StatusUnauthorized, "unauthorized", "invalid token")
				return
			}
			ctx := context.WithValue(r.Context(), userKey, uid)
			ctx = context.WithValue(ctx, merchantKey, mid)
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

func userID(r *http.Request) int64 {
	id, _ := r.Context().Value(userKey).(int64)
	return id
}

func merchantID(r *http.Request) int64 {
	id, _ := r.Context().Value(merchantKey).(int64)
	return id
}

// PrincipalOf is the idem.Principal used by the idempotency middlewares.
func PrincipalOf(r *http.Request) (string, bool) {
	if id := userID(r); id != 0 {
		return "u" + strconv.FormatInt(id, 10), true
	}
	return "", false
}

type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, errorBody{Code: code, Message: msg})
}

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func pathID(r *http.Request, name string) (int64, bool) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	return id, err == nil && id > 0
}

// serverError logs err and answers 500.
func serverError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	writeError(w, http.StatusInternalServerError, "internal", "something went wrong")
}

// commonError maps errors every handler may see; it reports false for the
// rest.
func commonError(w http.ResponseWriter, err error) bool {
	switch {
	case errors.Is(err, service.ErrInvalidRequest):
		writeError(w, http.StatusBadRequest, "invalid_request", err.Error())
	case errors.Is(err, service.ErrOrderNotFound):
		writeError(w, http.StatusNotFound, "not_found", err.Error())
	case errors.Is(err, service.ErrOrderInProgress), errors.Is(err, service.ErrRequestInFlight):
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusConflict, "in_progress", err.Error())
	default:
		return false
	}
	return true
}
