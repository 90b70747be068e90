package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/gormstore"
)

// Included quantities per metric before overage pricing starts.
var includedUsage = map[string]int64{
	"ai_replies":   1000,
	"sms_segments": 500,
	"voice_min":    300,
}

func period(t time.Time) string { return t.UTC().Format("2006-01") }

// ReportUsage records metered usage reported by an integration through the
// public API and warns the admins when the included quantity runs out.
func (s *Service) ReportUsage(ctx context.Context, workspaceID int64, metric string, qty int64, adminEmail string) (int64, error) {
	if _, ok := includedUsage[metric]; !ok {
		return 0, domain.Invalid("metric", "unknown metric")
	}
	if qty <= 0 {
		return 0, domain.Invalid("quantity", "must be positive")
	}
	c, err := s.loadCounter(ctx, workspaceID, metric, period(time.Now()))
	if err != nil {
		return 0, err
	}
	before := c.Quantity
	total := before + qty
	if err := s.DB.WithContext(ctx).Model(&c).Update("quantity", total).Error; err != nil {
		return 0, gormstore.MapErr(err)
	}
	limit := includedUsage[metric]
	if before < limit && total >= limit && adminEmail != "" {
		_, _ = s.Mailer.Send(ctx, effects.Email{
			To:       adminEmail,
			Subject:  "You've used all included " + metric,
			Template: "usage_limit_reached",
			Data:     map[string]any{"metric": metric, "limit": limit},
		})
	}
	return total, nil
}

func (s *Service) loadCounter(ctx context.Context, workspaceID int64, metric, per string) (gormstore.UsageCounter, error) {
	var c gormstore.UsageCounter
	db := s.DB.WithContext(ctx)
	err := db.Where("workspace_id = ? AND metric = ? AND period = ?", workspaceID, metric, per).First(&c).Error
	if err == nil {
		return c, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return c, err
	}
	c = gormstore.UsageCounter{WorkspaceID: workspaceID, Metric: metric, Period: per}
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&c).Error; err != nil {
		return c, err
	}
	err = db.Where("workspace_id = ? AND metric = ? AND period = ?", workspaceID, metric, per).First(&c).Error
	return c, err
}

// SyncSeats implements workspace.SeatSync: it sets the subscription's seat
// count and pushes the new quantity to the provider. The row carries a
// version column; a missed update is retried on fresh data.
func (s *Service) SyncSeats(ctx context.Context, workspaceID int64, seats int) error {
	for attempt := 0; attempt < 3; attempt++ {
		var sub gormstore.Subscription
		if err := s.DB.WithContext(ctx).Where("workspace_id = ?", workspaceID).First(&sub).Error; err != nil {
			return gormstore.MapErr(err)
		}
		if sub.Seats == seats {
			return nil
		}
		res := s.DB.WithContext(ctx).Model(&gormstore.Subscription{}).
			Where("id = ? AND version = ?", sub.ID, sub.Version).
			Updates(map[string]any{"seats": seats, "version": sub.Version + 1, "updated_at": time.Now()})
		if res.Error != nil {
			return gormstore.MapErr(res.Error)
		}
		if res.RowsAffected == 0 {
			continue
		}
		key := fmt.Sprintf("seats-%d-v%d", sub.ID, sub.Version+1)
		return s.Provider.UpdateSubscriptionQuantity(ctx, sub.ProviderSubID, seats, key)
	}
	return fmt.Errorf("sync seats: %w", domain.ErrConflict)
}
