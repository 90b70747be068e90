package consumer

import (
	"context"
	"encoding/json"
	"errors"

	"gorm.io/gorm"

	"example.com/probes/internal/domain"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, payload any) error
}

type checkoutCompleted struct {
	OrderID int64  `json:"order_id"`
	Address string `json:"address"`
}

// FulfilmentConsumer creates shipments for completed checkouts.
type FulfilmentConsumer struct {
	DB  *gorm.DB
	Bus Publisher
}

func (c *FulfilmentConsumer) alreadyHandled(ctx context.Context, msgID string) (bool, error) {
	var pm domain.ProcessedMessage
	err := c.DB.WithContext(ctx).Where("message_id = ?", msgID).First(&pm).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, nil
	}
	return err == nil, err
}

// Handle: on error the broker redelivers.
func (c *FulfilmentConsumer) Handle(ctx context.Context, m Message) error {
	handled, err := c.alreadyHandled(ctx, m.ID) // L:F5c
	if err != nil || handled {
		return err
	}
	var evt checkoutCompleted
	if err := json.Unmarshal(m.Payload, &evt); err != nil {
		return err
	}
	return c.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		sh := domain.Shipment{OrderID: evt.OrderID, Address: evt.Address}
		if err := tx.Create(&sh).Error; err != nil {
			return err
		}
		// tell the warehouse right away
		if err := c.Bus.Publish(ctx, "shipment.requested", sh); err != nil {
			return err
		}
		return tx.Create(&domain.ProcessedMessage{MessageID: m.ID}).Error
	})
}

// HandleQuiet does only database work inside the transaction: a concurrent
// duplicate fails on the unique message_id, rolls its shipment back and is
// redelivered, when alreadyHandled then sees the first one's row.
func (c *FulfilmentConsumer) HandleQuiet(ctx context.Context, m Message) error {
	handled, err := c.alreadyHandled(ctx, m.ID) // L:F5c-safe
	if err != nil || handled {
		return err
	}
	var evt checkoutCompleted
	if err := json.Unmarshal(m.Payload, &evt); err != nil {
		return err
	}
	return c.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&domain.ProcessedMessage{MessageID: m.ID}).Error; err != nil {
			return err
		}
		return tx.Create(&domain.Shipment{OrderID: evt.OrderID, Address: evt.Address}).Error
	})
}
