package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/shop2/internal/platform"
)

var ErrSampleClaimed = errors.New("free sample already claimed")

// SampleService sends one free sample per customer and product line.
type SampleService struct {
	rdb     *redis.Client
	shipper *platform.SampleShipper
	log     *slog.Logger
}

func NewSampleService(rdb *redis.Client, shipper *platform.SampleShipper, log *slog.Logger) *SampleService {
	return &SampleService{rdb: rdb, shipper: shipper, log: log}
}

func sampleKey(userID int64, line string) string {
	return "sample:" + line + ":" + strconv.FormatInt(userID, 10)
}

func (s *SampleService) Claim(ctx context.Context, o platform.SampleOrder, line string) (string, error) {
	k := sampleKey(o.UserID, line)
	prev, err := s.rdb.Get(ctx, k).Result()
	switch {
	case err == nil:
		s.log.InfoContext(ctx, "sample already sent", "user_id", o.UserID, "shipment", prev)
		return "", ErrSampleClaimed
	case !errors.Is(err, redis.Nil):
		return "", fmt.Errorf("claim sample: %w", err)
	}

	shipmentID, err := s.shipper.Ship(ctx, o)
	if err != nil {
		return "", fmt.Errorf("claim sample: %w", err)
	}
	if err := s.rdb.Set(ctx, k, shipmentID, 365*24*time.Hour).Err(); err != nil {
		s.log.ErrorContext(ctx, "remember sample", "user_id", o.UserID, "err", err)
	}
	return shipmentID, nil
}
