// Package idemhttp is a stub of the idemvet runtime's HTTP middleware.
package idemhttp

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"
)

type Middleware struct{}

func (m *Middleware) Wrap(next http.Handler) http.Handler { return next }

func Tx(ctx context.Context) (tx pgx.Tx, ok bool) { return nil, false }
