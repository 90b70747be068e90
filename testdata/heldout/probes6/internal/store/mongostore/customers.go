package mongostore

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"example.com/fleet6/internal/domain"
)

type customerDoc struct {
	ID       bson.ObjectID `bson:"_id,omitempty"`
	TenantID string        `bson:"tenant_id"`
	Email    string        `bson:"email"`
	Name     string        `bson:"name"`
}

func (d customerDoc) domain() domain.Customer {
	return domain.Customer{ID: d.ID.Hex(), TenantID: d.TenantID, Email: d.Email, Name: d.Name}
}

type Customers struct{ S *Store }

func (c Customers) coll() *mongo.Collection { return c.S.DB.Collection("customers") }

func (c Customers) FindByEmail(ctx context.Context, tenantID, email string) (domain.Customer, bool, error) {
	var doc customerDoc
	err := c.coll().FindOne(ctx, bson.M{"tenant_id": tenantID, "email": email}).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return domain.Customer{}, false, nil
	}
	if err != nil {
		return domain.Customer{}, false, fmt.Errorf("find customer: %w", err)
	}
	return doc.domain(), true, nil
}

func (c Customers) Insert(ctx context.Context, cust *domain.Customer) error {
	res, err := c.coll().InsertOne(ctx, customerDoc{TenantID: cust.TenantID, Email: cust.Email, Name: cust.Name})
	if err != nil {
		return fmt.Errorf("insert customer: %w", err)
	}
	if id, ok := res.InsertedID.(bson.ObjectID); ok {
		cust.ID = id.Hex()
	}
	return nil
}

type Consignees struct{ S *Store }

func (c Consignees) coll() *mongo.Collection { return c.S.DB.Collection("consignees") }

func (c Consignees) FindByEmail(ctx context.Context, tenantID, email string) (domain.Customer, bool, error) {
	var doc customerDoc
	err := c.coll().FindOne(ctx, bson.M{"tenant_id": tenantID, "email": email}).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return domain.Customer{}, false, nil
	}
	if err != nil {
		return domain.Customer{}, false, fmt.Errorf("find consignee: %w", err)
	}
	return doc.domain(), true, nil
}

// Insert adds a consignee and reports whether it was new; for an address
// already in the book it loads the existing document into cust.
func (c Consignees) Insert(ctx context.Context, cust *domain.Customer) (bool, error) {
	res, err := c.coll().InsertOne(ctx, customerDoc{TenantID: cust.TenantID, Email: cust.Email, Name: cust.Name})
	if mongo.IsDuplicateKeyError(err) {
		existing, found, ferr := c.FindByEmail(ctx, cust.TenantID, cust.Email)
		if ferr != nil {
			return false, ferr
		}
		if !found {
			return false, fmt.Errorf("consignee %s vanished after duplicate key", cust.Email)
		}
		*cust = existing
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("insert consignee: %w", err)
	}
	if id, ok := res.InsertedID.(bson.ObjectID); ok {
		cust.ID = id.Hex()
	}
	return true, nil
}
