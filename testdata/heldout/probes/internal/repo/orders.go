package repo

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/probes/internal/domain"
)

type OrderRepo struct {
	db *gorm.DB
}

func NewOrderRepo(db *gorm.DB) *OrderRepo { return &OrderRepo{db: db} }

// Get returns the order by value.
func (r *OrderRepo) Get(ctx context.Context, id int64) (domain.Order, error) {
	var o domain.Order
	err := r.db.WithContext(ctx).First(&o, "id = ?", id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return o, domain.ErrNotFound
	}
	return o, err
}

// Save writes the whole row back.
func (r *OrderRepo) Save(ctx context.Context, o *domain.Order) error {
	return r.db.WithContext(ctx).Save(o).Error
}

// TransitionStatus moves the order from one status to another only if it is
// still in the expected one. It reports whether it did.
func (r *OrderRepo) TransitionStatus(ctx context.Context, id int64, from, to string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&domain.Order{}).
		Where("id = ? AND status = ?", id, from).
		Update("status", to)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// WithLockedOrder runs fn in a transaction holding the order's row lock.
func (r *OrderRepo) WithLockedOrder(ctx context.Context, id int64, fn func(tx *gorm.DB, o *domain.Order) error) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var o domain.Order
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&o, "id = ?", id).Error; err != nil {
			return err
		}
		return fn(tx, &o)
	})
}
