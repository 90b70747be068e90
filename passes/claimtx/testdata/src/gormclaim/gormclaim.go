// Package gormclaim exercises claimtx on gorm.
package gormclaim

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type IdempotencyKey struct {
	Key string
}

type Order struct {
	ID     int64
	Amount int64
}

type Service struct {
	db *gorm.DB
}

// The Transaction callback claims on the outer s.db: fix uses tx.
func (s *Service) PlaceOrder(ctx context.Context, key string, o *Order) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&IdempotencyKey{Key: key}) // want `idempotency claim inside the transaction callback runs on the outer handle s.db instead of tx, so it commits separately from the write at line 31`
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return tx.Create(o).Error
	})
}

// Near miss: the callback claims on tx.
func (s *Service) PlaceOrderTx(ctx context.Context, key string, o *Order) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&IdempotencyKey{Key: key})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return tx.Create(o).Error
	})
}

// The claim autocommits on s.db before the Transaction runs the write.
func (s *Service) PlaceOrderBefore(ctx context.Context, key string, o *Order) error {
	res := s.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&IdempotencyKey{Key: key}) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 53 in a transaction`
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return s.db.Transaction(func(tx *gorm.DB) error {
		return tx.Create(o).Error
	})
}

// The claim's Transaction commits before the write's begins.
func (s *Service) PlaceOrderTwoTx(ctx context.Context, key string, o *Order) error {
	err := s.db.Transaction(func(tx *gorm.DB) error {
		return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&IdempotencyKey{Key: key}).Error // want `idempotency claim's transaction commits at line 59, before the write at line 66`
	})
	if err != nil {
		return err
	}
	return s.db.Transaction(func(tx *gorm.DB) error {
		return tx.Create(o).Error
	})
}

// Manual Begin/Commit: claim on the db, write on the begun tx.
func PlaceOrderManual(db *gorm.DB, key string, o *Order) error {
	tx := db.Begin()
	if err := db.Create(&IdempotencyKey{Key: key}).Error; err != nil { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 77 in a transaction`
		tx.Rollback()
		return err
	}
	if err := tx.Create(o).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// Near miss: manual Begin/Commit with both on tx.
func PlaceOrderManualTx(db *gorm.DB, key string, o *Order) error {
	tx := db.Begin()
	if err := tx.Create(&IdempotencyKey{Key: key}).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Create(o).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// Near miss: the db comes from the caller and may be a transaction
// already: nothing shows it is the pool.
func PlaceOrderUnknown(db *gorm.DB, key string, o *Order) error {
	if err := db.Create(&IdempotencyKey{Key: key}).Error; err != nil {
		return err
	}
	return db.Create(o).Error
}

// The callback's finding (outer handle, write beside it) wins over the
// enclosing function's view of the same claim at the Transaction call.
func (s *Service) PlaceOrderThenShip(ctx context.Context, key string, o *Order) error {
	err := s.db.Transaction(func(tx *gorm.DB) error {
		if err := s.db.Create(&IdempotencyKey{Key: key}).Error; err != nil { // want `idempotency claim inside the transaction callback runs on the outer handle s.db instead of tx, so it commits separately from the write at line 114`
			return err
		}
		return tx.Create(o).Error
	})
	if err != nil {
		return err
	}
	return s.db.Transaction(func(tx *gorm.DB) error {
		return tx.Model(o).Update("shipped", true).Error
	})
}
