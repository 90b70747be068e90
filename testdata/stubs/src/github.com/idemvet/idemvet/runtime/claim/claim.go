// Package claim is a stub of the idemvet runtime claim API.
package claim

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"
)

type Key struct {
	Scope     string
	Operation string
	Key       string
}

type Outcome struct {
	Status     int
	Body       []byte
	Headers    http.Header
	ResourceID string
}

type Result struct {
	Outcome  Outcome
	Replayed bool
}

type Func func(ctx context.Context, tx pgx.Tx) (Outcome, error)

type Claimer struct{}

func (c *Claimer) Do(ctx context.Context, key Key, fingerprint []byte, fn Func) (Result, error) {
	return Result{}, nil
}

func (c *Claimer) DoTx(ctx context.Context, tx pgx.Tx, key Key, fingerprint []byte, fn Func) (Result, error) {
	return Result{}, nil
}
