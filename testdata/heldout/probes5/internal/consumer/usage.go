package consumer

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/desk5/internal/store/gormstore"
)

// UsageRecord is emitted by the AI-reply and telephony services for every
// billable unit they consume.
type UsageRecord struct {
	EventID     string    `json:"event_id"`
	WorkspaceID int64     `json:"workspace_id"`
	Metric      string    `json:"metric"`
	Quantity    int64     `json:"quantity"`
	At          time.Time `json:"at"`
}

func upsertCounter(tx *gorm.DB, r UsageRecord) (*gormstore.UsageCounter, error) {
	c := &gormstore.UsageCounter{WorkspaceID: r.WorkspaceID, Metric: r.Metric, Period: r.At.UTC().Format("2006-01")}
	err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(c).Error
	return c, err
}

// UsageMeter adds AI-reply usage to the monthly counters.
type UsageMeter struct {
	DB  *gorm.DB
	Log *slog.Logger
}

func (u *UsageMeter) Handle(msg jetstream.Msg) {
	ctx := context.Background()
	var r UsageRecord
	if !decode(msg, &r, u.Log) {
		return
	}
	c, err := upsertCounter(u.DB.WithContext(ctx), r)
	if err != nil {
		retryLater(msg, u.Log, err)
		return
	}
	err = u.DB.WithContext(ctx).Model(&gormstore.UsageCounter{}).
		Where("workspace_id = ? AND metric = ? AND period = ?", c.WorkspaceID, c.Metric, c.Period).
		Update("quantity", gorm.Expr("quantity + ?", r.Quantity)).Error
	if err != nil {
		retryLater(msg, u.Log, err)
		return
	}
	_ = msg.Ack()
}

// VoiceMeter adds telephony minutes to the monthly counters. The usage
// event id is recorded in usage_events in the same transaction as the
// counter update.
type VoiceMeter struct {
	DB  *gorm.DB
	Log *slog.Logger
}

func (v *VoiceMeter) Handle(msg jetstream.Msg) {
	ctx := context.Background()
	var r UsageRecord
	if !decode(msg, &r, v.Log) {
		return
	}
	err := v.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&gormstore.UsageEvent{
			EventID:     r.EventID,
			WorkspaceID: r.WorkspaceID,
			Metric:      r.Metric,
			Quantity:    r.Quantity,
			ReceivedAt:  time.Now(),
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		c, err := upsertCounter(tx, r)
		if err != nil {
			return err
		}
		return tx.Model(&gormstore.UsageCounter{}).
			Where("workspace_id = ? AND metric = ? AND period = ?", c.WorkspaceID, c.Metric, c.Period).
			Update("quantity", gorm.Expr("quantity + ?", r.Quantity)).Error
	})
	if err != nil {
		retryLater(msg, v.Log, err)
		return
	}
	_ = msg.Ack()
}
