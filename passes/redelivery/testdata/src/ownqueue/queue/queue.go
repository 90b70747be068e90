// Package queue is a service's own wrapper of Redis streams: handlers get
// a Delivery, which they acknowledge when done.
package queue

import (
	"context"
	"database/sql"

	"github.com/redis/go-redis/v9"
)

type Delivery struct {
	ID    string
	Topic string
	Body  []byte
	rdb   *redis.Client
	group string
}

// Ack removes the entry from the group's pending list.
func (d Delivery) Ack(ctx context.Context) error {
	return d.xack(ctx)
}

func (d Delivery) xack(ctx context.Context) error {
	return d.rdb.XAck(ctx, d.Topic, d.group, d.ID).Err()
}

// Handler handles one delivery.
type Handler func(ctx context.Context, d Delivery) error

// Alert is an on-call page: acknowledging it is a user's action, stored
// in the database, not a broker's.
type Alert struct {
	ID int64
	db *sql.DB
}

func (a *Alert) Ack(ctx context.Context) error {
	_, err := a.db.ExecContext(ctx, `UPDATE alerts SET acked = true WHERE id = $1`, a.ID)
	return err
}
