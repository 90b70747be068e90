// Package middleware holds the chi middleware of the public API.
package middleware

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

type ctxKey int

const (
	userKey ctxKey = iota
	invoiceKey
)

type SessionLookup interface {
	UserForSession(ctx context.Context, id string) (domain.User, error)
}

// Authenticate loads the signed-in user from the session cookie or bearer
// token. Requests without a valid session get 401.
func Authenticate(sessions SessionLookup) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sid := ""
			if c, err := r.Cookie("sid"); err == nil {
				sid = c.Value
			} else if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
				sid = strings.TrimPrefix(h, "Bearer ")
			}
			if sid == "" {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			u, err := sessions.UserForSession(r.Context(), sid)
			if errors.Is(err, store.ErrNotFound) {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			if err != nil {
				http.Error(w, "internal error", http.StatusInternalServerError)
				return
			}
			next.ServeHTTP(w, r.WithContext(WithUser(r.Context(), u)))
		})
	}
}

func WithUser(ctx context.Context, u domain.User) context.Context {
	return context.WithValue(ctx, userKey, u)
}

// CurrentUser returns the user Authenticate stored; the zero User outside
// authenticated routes.
func CurrentUser(ctx context.Context) domain.User {
	u, _ := ctx.Value(userKey).(domain.User)
	return u
}
