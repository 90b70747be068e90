package integrations

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/mongostore"
)

// BlobStore stores attachment bytes under a content-addressed key.
type BlobStore interface {
	Put(ctx context.Context, key string, data []byte, contentType string) error
}

// Attachments stores files attached to tickets.
type Attachments struct {
	DB     *mongo.Database
	Blobs  BlobStore
	Events effects.EventPublisher
	Log    *slog.Logger
}

func (a *Attachments) coll() *mongo.Collection { return a.DB.Collection("attachments") }

// File is an uploaded or received file.
type File struct {
	WorkspaceID int64
	TicketID    int64
	Filename    string
	ContentType string
	Data        []byte
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// StoreInbound stores a file that arrived with an inbound e-mail. The mail
// provider retries the webhook when we are slow, so the same file can
// arrive more than once.
func (a *Attachments) StoreInbound(ctx context.Context, f File) (mongostore.Attachment, error) {
	if len(f.Data) == 0 {
		return mongostore.Attachment{}, domain.Invalid("file", "empty")
	}
	sum := digest(f.Data)
	key := fmt.Sprintf("att/%d/%s", f.WorkspaceID, sum)
	if err := a.Blobs.Put(ctx, key, f.Data, f.ContentType); err != nil {
		return mongostore.Attachment{}, fmt.Errorf("store blob: %w", err)
	}
	doc := mongostore.Attachment{
		WorkspaceID: f.WorkspaceID,
		TicketID:    f.TicketID,
		SHA256:      sum,
		Filename:    f.Filename,
		ContentType: f.ContentType,
		Size:        int64(len(f.Data)),
		StorageKey:  key,
		Source:      "email",
		CreatedAt:   time.Now(),
	}
	if err := a.Events.Publish(ctx, "attachments.received", map[string]any{
		"workspace_id": f.WorkspaceID,
		"ticket_id":    f.TicketID,
		"storage_key":  key,
		"filename":     f.Filename,
	}); err != nil {
		return mongostore.Attachment{}, err
	}
	res, err := a.coll().InsertOne(ctx, doc)
	if err != nil {
		if mongo.IsDuplicateKeyError(err) {
			return doc, nil
		}
		return mongostore.Attachment{}, mongostore.MapErr(err)
	}
	doc.ID, _ = res.InsertedID.(bson.ObjectID)
	return doc, nil
}

// StoreUpload stores a file an agent attached in the composer. The record is
// inserted before it is announced to the scanners.
func (a *Attachments) StoreUpload(ctx context.Context, f File) (mongostore.Attachment, error) {
	if len(f.Data) == 0 {
		return mongostore.Attachment{}, domain.Invalid("file", "empty")
	}
	sum := digest(f.Data)
	key := fmt.Sprintf("att/%d/%s", f.WorkspaceID, sum)
	if err := a.Blobs.Put(ctx, key, f.Data, f.ContentType); err != nil {
		return mongostore.Attachment{}, fmt.Errorf("store blob: %w", err)
	}
	doc := mongostore.Attachment{
		WorkspaceID: f.WorkspaceID,
		TicketID:    f.TicketID,
		SHA256:      sum,
		Filename:    f.Filename,
		ContentType: f.ContentType,
		Size:        int64(len(f.Data)),
		StorageKey:  key,
		Source:      "agent",
		CreatedAt:   time.Now(),
	}
	res, err := a.coll().InsertOne(ctx, doc)
	if err = mongostore.MapErr(err); errors.Is(err, domain.ErrAlreadyExists) {
		var existing mongostore.Attachment
		ferr := a.coll().FindOne(ctx, bson.M{"ticket_id": f.TicketID, "sha256": sum}).Decode(&existing)
		return existing, mongostore.MapErr(ferr)
	}
	if err != nil {
		return mongostore.Attachment{}, err
	}
	doc.ID, _ = res.InsertedID.(bson.ObjectID)
	if err := a.Events.Publish(ctx, "attachments.received", map[string]any{
		"workspace_id": f.WorkspaceID,
		"ticket_id":    f.TicketID,
		"storage_key":  key,
		"filename":     f.Filename,
	}); err != nil {
		a.Log.WarnContext(ctx, "announce attachment", "err", err)
	}
	return doc, nil
}
