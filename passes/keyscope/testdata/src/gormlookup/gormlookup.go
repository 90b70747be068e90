// Package gormlookup finds idempotency records with gorm.
package gormlookup

import (
	"context"

	"gorm.io/gorm"
)

type IdempotencyRecord struct {
	ID             int64
	MerchantID     string
	IdempotencyKey string
	Response       []byte
}

type Store struct{ db *gorm.DB }

// The record is found by the key alone, with the merchant at hand.
func (s *Store) Find(ctx context.Context, merchantID, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := s.db.WithContext(ctx).Where("idempotency_key = ?", key).First(&rec).Error // want `idempotency key looked up`
	return &rec, err
}

// Near miss: the merchant is part of the lookup.
func (s *Store) FindScoped(ctx context.Context, merchantID, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := s.db.WithContext(ctx).Where("merchant_id = ? AND idempotency_key = ?", merchantID, key).First(&rec).Error
	return &rec, err
}

// The condition inline in the finisher, the account at hand.
func (s *Store) FindInline(accountID int64, key string) (IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := s.db.First(&rec, "idempotency_key = ?", key).Error // want `idempotency key looked up`
	return rec, err
}

// Near miss: the owner in a second Where of the chain.
func (s *Store) FindTwoWheres(accountID int64, key string) (IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := s.db.Where("account_id = ?", accountID).Where("idempotency_key = ?", key).First(&rec).Error
	return rec, err
}

// Near miss: no owner in scope (a global key table), so nothing to add.
func (s *Store) FindGlobal(key string) (IdempotencyRecord, error) { // want FindGlobal:"looks up idempotencyrecord.idempotency_key unscoped"
	var rec IdempotencyRecord
	err := s.db.Where("idempotency_key = ?", key).Take(&rec).Error
	return rec, err
}
