package customers

import (
	"context"
	"fmt"
)

// NotifyDriver pushes a message to every device of the driver and files it
// in the driver's in-app inbox.
func (s *Service) NotifyDriver(ctx context.Context, dedupKey string, driverID int64, title, body string) error {
	tokens, err := s.Devices.TokensFor(ctx, driverID)
	if err != nil {
		return fmt.Errorf("notify driver: %w", err)
	}
	for _, tok := range tokens {
		if err := s.Push.Notify(ctx, tok, title, body); err != nil {
			s.Log.WarnContext(ctx, "push failed", "driver", driverID, "err", err)
		}
	}
	if _, err := s.Notifications.Log(ctx, dedupKey, driverID, title, body); err != nil {
		return fmt.Errorf("notify driver: %w", err)
	}
	return nil
}

// NotifyDriverOnce files the message first and pushes it only the first
// time the dedup key is seen.
func (s *Service) NotifyDriverOnce(ctx context.Context, dedupKey string, driverID int64, title, body string) error {
	inserted, err := s.Notifications.Log(ctx, dedupKey, driverID, title, body)
	if err != nil {
		return fmt.Errorf("notify driver: %w", err)
	}
	if !inserted {
		return nil
	}
	tokens, err := s.Devices.TokensFor(ctx, driverID)
	if err != nil {
		return fmt.Errorf("notify driver: %w", err)
	}
	for _, token := range tokens {
		if err := s.Push.Notify(ctx, token, title, body); err != nil {
			s.Log.WarnContext(ctx, "push failed", "driver", driverID, "err", err)
		}
	}
	return nil
}
