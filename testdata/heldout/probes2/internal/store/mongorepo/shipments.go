package mongorepo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

var ErrShipmentNotFound = errors.New("shipment not found")

// Shipment states.
const (
	ShipmentPending        = "pending"
	ShipmentLabelPurchased = "label_purchased"
	ShipmentInTransit      = "in_transit"
)

type Label struct {
	Carrier        string `bson:"carrier"`
	TrackingNumber string `bson:"tracking_number"`
	URL            string `bson:"url"`
	CostCents      int64  `bson:"cost_cents"`
}

type Shipment struct {
	ID           bson.ObjectID `bson:"_id,omitempty"`
	OrderID      int64         `bson:"order_id"`
	Status       string        `bson:"status"`
	Address      Address       `bson:"address"`
	WeightGrams  int           `bson:"weight_grams"`
	Label        *Label        `bson:"label,omitempty"`
	PickupStatus string        `bson:"pickup_status,omitempty"`
	PickupID     string        `bson:"pickup_id,omitempty"`
	UpdatedAt    time.Time     `bson:"updated_at"`
}

type ShipmentRepo struct {
	coll *mongo.Collection
}

func NewShipmentRepo(db *mongo.Database) *ShipmentRepo {
	return &ShipmentRepo{coll: db.Collection("shipments")}
}

func (r *ShipmentRepo) Get(ctx context.Context, id bson.ObjectID) (*Shipment, error) {
	var sh Shipment
	if err := r.coll.FindOne(ctx, bson.M{"_id": id}).Decode(&sh); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, ErrShipmentNotFound
		}
		return nil, fmt.Errorf("get shipment %s: %w", id.Hex(), err)
	}
	return &sh, nil
}

func (r *ShipmentRepo) SaveLabel(ctx context.Context, id bson.ObjectID, l Label) error {
	_, err := r.coll.UpdateOne(ctx,
		bson.M{"_id": id},
		bson.M{"$set": bson.M{"label": l, "status": ShipmentLabelPurchased, "updated_at": time.Now()}},
	)
	if err != nil {
		return fmt.Errorf("save label for %s: %w", id.Hex(), err)
	}
	return nil
}

// ClaimPickup flags the shipment as having a pickup being booked. It returns
// false when someone else already did.
func (r *ShipmentRepo) ClaimPickup(ctx context.Context, id bson.ObjectID) (bool, error) {
	res, err := r.coll.UpdateOne(ctx,
		bson.M{"_id": id, "pickup_status": bson.M{"$exists": false}},
		bson.M{"$set": bson.M{"pickup_status": "requesting", "updated_at": time.Now()}},
	)
	if err != nil {
		return false, fmt.Errorf("claim pickup for %s: %w", id.Hex(), err)
	}
	return res.ModifiedCount == 1, nil
}

func (r *ShipmentRepo) SetPickup(ctx context.Context, id bson.ObjectID, pickupID, status string) error {
	_, err := r.coll.UpdateOne(ctx,
		bson.M{"_id": id},
		bson.M{"$set": bson.M{"pickup_id": pickupID, "pickup_status": status, "updated_at": time.Now()}},
	)
	return err
}

func (r *ShipmentRepo) ReleasePickup(ctx context.Context, id bson.ObjectID) error {
	_, err := r.coll.UpdateOne(ctx,
		bson.M{"_id": id, "pickup_status": "requesting"},
		bson.M{"$unset": bson.M{"pickup_status": ""}},
	)
	return err
}
