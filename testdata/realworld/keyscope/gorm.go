package keyscope

import (
	"context"

	"gorm.io/gorm"
)

// IdempotencyRecord is a stored response, found by its key.
type IdempotencyRecord struct {
	ID             int64
	TenantID       int64
	IdempotencyKey string
	Response       []byte
}

type Records struct{ db *gorm.DB }

// Find looks the record up by the key alone with the tenant at hand: tenant
// B reusing tenant A's key gets A's stored response.
func (r *Records) Find(ctx context.Context, tenantID int64, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	if err := r.db.WithContext(ctx).Where("idempotency_key = ?", key).First(&rec).Error; err != nil { // want:keyscope
		return nil, err
	}
	return &rec, nil
}

// FindScoped is the near miss: the tenant is part of the condition.
func (r *Records) FindScoped(ctx context.Context, tenantID int64, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	if err := r.db.WithContext(ctx).Where("tenant_id = ? AND idempotency_key = ?", tenantID, key).First(&rec).Error; err != nil {
		return nil, err
	}
	return &rec, nil
}
