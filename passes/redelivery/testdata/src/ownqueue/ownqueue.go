// Package ownqueue holds consumers of a queue package of the service's
// own, whose Delivery type acknowledges to the broker.
package ownqueue

import (
	"context"
	"database/sql"
	"encoding/json"

	"ownqueue/queue"
)

type cancelled struct {
	ProductID int64 `json:"product_id"`
	Quantity  int   `json:"quantity"`
}

type Restock struct{ db *sql.DB }

// The stock is put back once per delivery of one cancellation.
func (c *Restock) Handle(ctx context.Context, d queue.Delivery) error {
	var ev cancelled
	if err := json.Unmarshal(d.Body, &ev); err != nil {
		return d.Ack(ctx)
	}
	if _, err := c.db.ExecContext(ctx, `UPDATE products SET stock = stock + $2 WHERE id = $1`, ev.ProductID, ev.Quantity); err != nil { // want `a relative update \(the new value computed from the old one\) runs again for every delivery of the message: Delivery acknowledges with XAck, and a message it does not acknowledge is delivered again`
		return err
	}
	return d.Ack(ctx)
}

// Near miss: an absolute write, which a redelivery repeats to the same
// value.
func (c *Restock) HandleCount(ctx context.Context, d queue.Delivery) error {
	var ev cancelled
	if err := json.Unmarshal(d.Body, &ev); err != nil {
		return d.Ack(ctx)
	}
	if _, err := c.db.ExecContext(ctx, `UPDATE products SET stock = $2 WHERE id = $1`, ev.ProductID, ev.Quantity); err != nil {
		return err
	}
	return d.Ack(ctx)
}

type Pager struct{ db *sql.DB }

// Near miss: an Alert has an Ack method too, but it records a person's
// acknowledgement; nothing delivers an alert again.
func (p *Pager) Escalate(ctx context.Context, a *queue.Alert) error {
	_, err := p.db.ExecContext(ctx, `UPDATE alerts SET level = level + 1 WHERE id = $1`, a.ID)
	return err
}

// StockStore is the consumer's view of a repository whose implementation
// lives elsewhere; its method's name and amount say it adds.
type StockStore interface {
	AdjustStock(ctx context.Context, productID int64, delta int) error
	AdjustPrice(ctx context.Context, productID int64, priceID int64) error
}

type StoreRestock struct{ stock StockStore }

func (c *StoreRestock) Handle(ctx context.Context, d queue.Delivery) error {
	var ev cancelled
	if err := json.Unmarshal(d.Body, &ev); err != nil {
		return d.Ack(ctx)
	}
	if err := c.stock.AdjustStock(ctx, ev.ProductID, ev.Quantity); err != nil { // want `a relative update \(the new value computed from the old one\) runs again for every delivery`
		return err
	}
	return d.Ack(ctx)
}

// Near miss: an adjustment that takes only keys names a new value, not an
// amount to add.
func (c *StoreRestock) HandleReprice(ctx context.Context, d queue.Delivery) error {
	var ev cancelled
	if err := json.Unmarshal(d.Body, &ev); err != nil {
		return d.Ack(ctx)
	}
	if err := c.stock.AdjustPrice(ctx, ev.ProductID, int64(ev.Quantity)); err != nil {
		return err
	}
	return d.Ack(ctx)
}
