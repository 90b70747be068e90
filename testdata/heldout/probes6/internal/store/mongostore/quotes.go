package mongostore

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"example.com/fleet6/internal/domain"
)

type quoteDoc struct {
	ID          bson.ObjectID `bson:"_id,omitempty"`
	TenantID    string        `bson:"tenant_id"`
	LaneID      int64         `bson:"lane_id"`
	CarrierID   string        `bson:"carrier_id"`
	State       string        `bson:"state"`
	PriceCents  int64         `bson:"price_cents"`
	Reservation string        `bson:"reservation,omitempty"`
}

func (q quoteDoc) domain() domain.Quote {
	return domain.Quote{ID: q.ID.Hex(), TenantID: q.TenantID, LaneID: q.LaneID, CarrierID: q.CarrierID, State: q.State, PriceCents: q.PriceCents}
}

type Quotes struct{ S *Store }

func (q Quotes) coll() *mongo.Collection { return q.S.DB.Collection("quotes") }

func (q Quotes) Get(ctx context.Context, id string) (domain.Quote, error) {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return domain.Quote{}, domain.ErrNotFound
	}
	var doc quoteDoc
	err = q.coll().FindOne(ctx, bson.M{"_id": oid}).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return domain.Quote{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Quote{}, fmt.Errorf("get quote: %w", err)
	}
	return doc.domain(), nil
}

func (q Quotes) SetState(ctx context.Context, id, state, reservation string) error {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return domain.ErrNotFound
	}
	_, err = q.coll().UpdateOne(ctx, bson.M{"_id": oid}, bson.M{"$set": bson.M{"state": state, "reservation": reservation}})
	if err != nil {
		return fmt.Errorf("set quote state: %w", err)
	}
	return nil
}

// Transition moves the quote from one state to another and returns the
// updated quote; ErrInvalidState when it was not in from.
func (q Quotes) Transition(ctx context.Context, id, from, to string) (domain.Quote, error) {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return domain.Quote{}, domain.ErrNotFound
	}
	var doc quoteDoc
	err = q.coll().FindOneAndUpdate(ctx,
		bson.M{"_id": oid, "state": from},
		bson.M{"$set": bson.M{"state": to}},
		options.FindOneAndUpdate().SetReturnDocument(options.After),
	).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return domain.Quote{}, domain.ErrInvalidState
	}
	if err != nil {
		return domain.Quote{}, fmt.Errorf("transition quote: %w", err)
	}
	return doc.domain(), nil
}
