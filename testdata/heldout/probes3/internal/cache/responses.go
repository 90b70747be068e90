package cache

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/redis/rueidis"

	"example.com/shop3/internal/domain"
)

// ErrInFlight is returned while another request holds the key.
var ErrInFlight = errors.New("request with this key in flight")

// Responses keeps the responses of idempotent requests for a day.
type Responses struct {
	Client rueidis.Client
}

// Get returns the stored response, or ok=false.
func (r *Responses) Get(ctx context.Context, key string) (domain.StoredResponse, bool, error) {
	var resp domain.StoredResponse
	b, err := r.Client.Do(ctx, r.Client.B().Get().Key("resp:"+key).Build()).AsBytes()
	if rueidis.IsRedisNil(err) {
		return resp, false, nil
	}
	if err != nil {
		return resp, false, err
	}
	err = json.Unmarshal(b, &resp)
	return resp, err == nil, err
}

// Put stores the response.
func (r *Responses) Put(ctx context.Context, key string, resp domain.StoredResponse) error {
	b, err := json.Marshal(resp)
	if err != nil {
		return err
	}
	return r.Client.Do(ctx, r.Client.B().Set().Key("resp:"+key).Value(rueidis.BinaryString(b)).Ex(24*time.Hour).Build()).Error()
}

// Begin claims key with SET NX. It returns the stored response when the
// key completed before, or ErrInFlight when it is being processed.
func (r *Responses) Begin(ctx context.Context, key string) (*domain.StoredResponse, error) {
	err := r.Client.Do(ctx, r.Client.B().Set().Key("resp:"+key).Value(`{"status":0}`).Nx().Ex(24*time.Hour).Build()).Error()
	if err == nil {
		return nil, nil
	}
	if !rueidis.IsRedisNil(err) {
		return nil, err
	}
	resp, ok, err := r.Get(ctx, key)
	if err != nil {
		return nil, err
	}
	if !ok || resp.Status == 0 {
		return nil, ErrInFlight
	}
	return &resp, nil
}

// Abort releases a claim whose request failed so that a retry runs again.
func (r *Responses) Abort(ctx context.Context, key string) {
	r.Client.Do(ctx, r.Client.B().Del().Key("resp:"+key).Build())
}
