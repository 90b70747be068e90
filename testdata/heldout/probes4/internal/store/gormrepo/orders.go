package gormrepo

import (
	"context"

	"gorm.io/gorm"

	"example.com/shop4/internal/domain"
)

type Orders struct{ db *gorm.DB }

func NewOrders(db *gorm.DB) *Orders { return &Orders{db: db} }

func (r *Orders) Get(ctx context.Context, id int64) (*domain.Order, error) {
	var o domain.Order
	if err := r.db.WithContext(ctx).Preload("Items").First(&o, id).Error; err != nil {
		return nil, translate(err)
	}
	return &o, nil
}

// Save writes every column of o.
func (r *Orders) Save(ctx context.Context, o *domain.Order) error {
	return translate(r.db.WithContext(ctx).Save(o).Error)
}

func (r *Orders) TransitionStatus(ctx context.Context, id int64, from, to domain.OrderStatus) (bool, error) {
	res := r.db.WithContext(ctx).
		Model(&domain.Order{}).
		Where("id = ? AND status = ?", id, from).
		Update("status", to)
	return res.RowsAffected == 1, translate(res.Error)
}

func (r *Orders) ApplyDiscount(ctx context.Context, id int64, code string, cents int64) (bool, error) {
	res := r.db.WithContext(ctx).
		Model(&domain.Order{}).
		Where("id = ? AND status = ? AND coupon_code = ''", id, domain.OrderPending).
		Updates(map[string]any{"coupon_code": code, "discount_cents": cents})
	return res.RowsAffected == 1, translate(res.Error)
}

type Coupons struct{ db *gorm.DB }

func NewCoupons(db *gorm.DB) *Coupons { return &Coupons{db: db} }

func (r *Coupons) ByCode(ctx context.Context, code string) (*domain.Coupon, error) {
	var c domain.Coupon
	if err := r.db.WithContext(ctx).Where("code = ?", code).First(&c).Error; err != nil {
		return nil, translate(err)
	}
	return &c, nil
}

func (r *Coupons) Save(ctx context.Context, c *domain.Coupon) error {
	return translate(r.db.WithContext(ctx).Save(c).Error)
}

func (r *Coupons) ReferralCode(ctx context.Context, code string) (*domain.ReferralCode, error) {
	var rc domain.ReferralCode
	if err := r.db.WithContext(ctx).Where("code = ?", code).Take(&rc).Error; err != nil {
		return nil, translate(err)
	}
	return &rc, nil
}

func (r *Coupons) IncrementReferralUse(ctx context.Context, code string) (bool, error) {
	res := r.db.WithContext(ctx).
		Model(&domain.ReferralCode{}).
		Where("code = ? AND (max_uses = 0 OR uses < max_uses)", code).
		UpdateColumn("uses", gorm.Expr("uses + 1"))
	return res.RowsAffected > 0, translate(res.Error)
}
