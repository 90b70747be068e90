// Package dispatch tenders line-haul loads to partner carriers.
package dispatch

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"example.com/fleet6/internal/carrierclient"
	"example.com/fleet6/internal/platform/retry"
)

type Service struct {
	Carrier *carrierclient.Client
	Log     *slog.Logger
}

func retryable(err error) error {
	var se *carrierclient.StatusError
	if errors.As(err, &se) && se.Code < 500 && se.Code != 429 {
		return retry.Permanent{Err: err}
	}
	return err
}

// TenderLoad tenders a load, retrying network errors and 5xx.
func (s *Service) TenderLoad(ctx context.Context, req carrierclient.TenderRequest) (carrierclient.Tender, error) {
	var t carrierclient.Tender
	err := retry.Do(ctx, 4, 500*time.Millisecond, func(ctx context.Context) error {
		var err error
		t, err = s.Carrier.Book(ctx, req)
		return retryable(err)
	})
	if err != nil {
		return carrierclient.Tender{}, fmt.Errorf("tender load: %w", err)
	}
	return t, nil
}

// TenderBackhaul tenders an empty-leg backhaul load.
func (s *Service) TenderBackhaul(ctx context.Context, req carrierclient.TenderRequest) (carrierclient.Tender, error) {
	key := uuid.NewString()
	var t carrierclient.Tender
	err := retry.Do(ctx, 4, 500*time.Millisecond, func(ctx context.Context) error {
		var err error
		t, err = s.Carrier.BookWithKey(ctx, req, key)
		return retryable(err)
	})
	if err != nil {
		return carrierclient.Tender{}, fmt.Errorf("tender backhaul: %w", err)
	}
	s.Log.InfoContext(ctx, "backhaul tendered", "tender", t.ID, "key", key)
	return t, nil
}
