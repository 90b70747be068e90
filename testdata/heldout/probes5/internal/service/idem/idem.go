// Package idem stores responses of public-API requests that carry an
// Idempotency-Key header, so that a retried request gets the original answer.
package idem

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/store/pgstore"
)

// ErrInFlight means a request with the same key is still being processed.
var ErrInFlight = errors.New("request with this idempotency key is in flight")

// Response is a stored API response.
type Response struct {
	Status int
	Body   []byte
}

type Keys struct {
	Store *pgstore.Store
}

// Replay serves the v1 ticket API. It looks the key up in the legacy
// idempotency_keys table, runs create when the key is new and stores the
// response afterwards.
func (k *Keys) Replay(ctx context.Context, actor domain.Actor, key string, create func(ctx context.Context) (any, error)) (Response, error) {
	if key == "" {
		return Response{}, domain.Invalid("Idempotency-Key", "required")
	}
	stored, err := k.Store.Q.GetIdempotencyKey(ctx, key)
	if err == nil {
		return Response{Status: int(stored.ResponseStatus), Body: stored.ResponseBody}, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return Response{}, pgstore.MapErr(err)
	}
	result, err := create(ctx)
	if err != nil {
		return Response{}, err
	}
	body, err := json.Marshal(result)
	if err != nil {
		return Response{}, err
	}
	if err := k.Store.Q.InsertIdempotencyKey(ctx, db.InsertIdempotencyKeyParams{
		Key:            key,
		WorkspaceID:    actor.WorkspaceID,
		ResponseStatus: http.StatusCreated,
		ResponseBody:   body,
	}); err != nil {
		return Response{}, fmt.Errorf("store idempotent response: %w", pgstore.MapErr(err))
	}
	return Response{Status: http.StatusCreated, Body: body}, nil
}

// InTx serves the v2 API. The key is claimed per workspace inside the same
// transaction as the write it guards, and the response is stored before
// commit.
func (k *Keys) InTx(ctx context.Context, actor domain.Actor, key string, create func(q *db.Queries) (any, error)) (Response, error) {
	if key == "" {
		return Response{}, domain.Invalid("Idempotency-Key", "required")
	}
	var resp Response
	err := k.Store.WithTx(ctx, func(q *db.Queries) error {
		n, err := q.ClaimAPIIdempotency(ctx, db.ClaimAPIIdempotencyParams{WorkspaceID: actor.WorkspaceID, Key: key})
		if err != nil {
			return err
		}
		if n == 0 {
			stored, err := q.GetAPIIdempotency(ctx, db.GetAPIIdempotencyParams{WorkspaceID: actor.WorkspaceID, Key: key})
			if err != nil {
				return err
			}
			if stored.ResponseStatus == 0 {
				return ErrInFlight
			}
			resp = Response{Status: int(stored.ResponseStatus), Body: stored.ResponseBody}
			return nil
		}
		result, err := create(q)
		if err != nil {
			return err
		}
		body, err := json.Marshal(result)
		if err != nil {
			return err
		}
		resp = Response{Status: http.StatusCreated, Body: body}
		return q.CompleteAPIIdempotency(ctx, db.CompleteAPIIdempotencyParams{
			WorkspaceID:    actor.WorkspaceID,
			Key:            key,
			ResponseStatus: http.StatusCreated,
			ResponseBody:   body,
		})
	})
	if err != nil {
		return Response{}, pgstore.MapErr(err)
	}
	return resp, nil
}
