package mongorepo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

type Address struct {
	ID         bson.ObjectID `bson:"_id,omitempty" json:"id"`
	UserID     int64         `bson:"user_id" json:"-"`
	Name       string        `bson:"name" json:"name"`
	Line1      string        `bson:"line1" json:"line1"`
	Line2      string        `bson:"line2,omitempty" json:"line2,omitempty"`
	City       string        `bson:"city" json:"city"`
	PostalCode string        `bson:"postal_code" json:"postal_code"`
	Country    string        `bson:"country" json:"country"`
	CreatedAt  time.Time     `bson:"created_at" json:"created_at"`
}

type AddressRepo struct {
	coll *mongo.Collection
}

func NewAddressRepo(db *mongo.Database) *AddressRepo {
	return &AddressRepo{coll: db.Collection("addresses")}
}

func (r *AddressRepo) CountForUser(ctx context.Context, userID int64) (int64, error) {
	return r.coll.CountDocuments(ctx, bson.M{"user_id": userID})
}

func (r *AddressRepo) Insert(ctx context.Context, a *Address) error {
	res, err := r.coll.InsertOne(ctx, a)
	if err != nil {
		return fmt.Errorf("insert address: %w", err)
	}
	a.ID = res.InsertedID.(bson.ObjectID)
	return nil
}

// SavedCard is a tokenised card kept for one-click checkout.
type SavedCard struct {
	ID            bson.ObjectID `bson:"_id,omitempty" json:"id"`
	UserID        int64         `bson:"user_id" json:"-"`
	PaymentMethod string        `bson:"payment_method" json:"payment_method"`
	Brand         string        `bson:"brand" json:"brand"`
	Last4         string        `bson:"last4" json:"last4"`
	CreatedAt     time.Time     `bson:"created_at" json:"created_at"`
}

var ErrCardLimit = errors.New("saved card limit reached")

type WalletRepo struct {
	profiles *mongo.Collection
	cards    *mongo.Collection
}

func NewWalletRepo(db *mongo.Database) *WalletRepo {
	return &WalletRepo{profiles: db.Collection("profiles"), cards: db.Collection("saved_cards")}
}

// ReserveCardSlot bumps the profile's card counter if it is under max.
func (r *WalletRepo) ReserveCardSlot(ctx context.Context, userID int64, max int) error {
	var profile struct {
		CardCount int `bson:"card_count"`
	}
	err := r.profiles.FindOneAndUpdate(ctx,
		bson.M{"_id": userID, "card_count": bson.M{"$lt": max}},
		bson.M{"$inc": bson.M{"card_count": 1}},
		options.FindOneAndUpdate().SetReturnDocument(options.After),
	).Decode(&profile)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return ErrCardLimit
	}
	if err != nil {
		return fmt.Errorf("reserve card slot: %w", err)
	}
	return nil
}

func (r *WalletRepo) ReleaseCardSlot(ctx context.Context, userID int64) error {
	_, err := r.profiles.UpdateOne(ctx, bson.M{"_id": userID, "card_count": bson.M{"$gt": 0}}, bson.M{"$inc": bson.M{"card_count": -1}})
	return err
}

func (r *WalletRepo) InsertCard(ctx context.Context, c *SavedCard) error {
	res, err := r.cards.InsertOne(ctx, c)
	if err != nil {
		return fmt.Errorf("insert card: %w", err)
	}
	c.ID = res.InsertedID.(bson.ObjectID)
	return nil
}
