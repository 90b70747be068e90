package claimtx

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type IdempotencyKey struct {
	Scope string `gorm:"primaryKey"`
	Key   string `gorm:"primaryKey"`
}

type Order struct {
	ID     int64
	Amount int64
}

type Orders struct {
	db *gorm.DB
}

// Place's Transaction callback claims on the outer o.db.
func (o *Orders) Place(ctx context.Context, tenant, key string, order *Order) error {
	return o.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := o.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&IdempotencyKey{Scope: tenant, Key: key}) // want:claimtx
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return tx.Create(order).Error
	})
}

// PlaceTx's callback claims on tx.
func (o *Orders) PlaceTx(ctx context.Context, tenant, key string, order *Order) error {
	return o.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&IdempotencyKey{Scope: tenant, Key: key})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return tx.Create(order).Error
	})
}

// PlaceFirst claims in autocommit before the Transaction.
func (o *Orders) PlaceFirst(ctx context.Context, tenant, key string, order *Order) error {
	res := o.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&IdempotencyKey{Scope: tenant, Key: key}) // want:claimtx
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return o.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Create(order).Error
	})
}
