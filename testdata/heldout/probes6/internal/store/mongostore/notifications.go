package mongostore

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"
)

type notificationDoc struct {
	DedupKey string    `bson:"dedup_key"`
	DriverID int64     `bson:"driver_id"`
	Title    string    `bson:"title"`
	Body     string    `bson:"body"`
	SentAt   time.Time `bson:"sent_at"`
}

type Notifications struct{ S *Store }

// Log records a notification in the driver's inbox. dedup_key is unique, so
// a repeated notification is stored once; inserted reports whether this call
// stored it.
func (n Notifications) Log(ctx context.Context, dedupKey string, driverID int64, title, body string) (inserted bool, err error) {
	_, err = n.S.DB.Collection("notifications").InsertOne(ctx, notificationDoc{
		DedupKey: dedupKey, DriverID: driverID, Title: title, Body: body, SentAt: time.Now().UTC(),
	})
	if mongo.IsDuplicateKeyError(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("log notification: %w", err)
	}
	return true, nil
}
