package gormrepo

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/shop4/internal/domain"
)

type Invoices struct{ db *gorm.DB }

func NewInvoices(db *gorm.DB) *Invoices { return &Invoices{db: db} }

func (r *Invoices) GetByNumber(ctx context.Context, number string) (domain.Invoice, error) {
	var inv domain.Invoice
	err := r.db.WithContext(ctx).Where("number = ?", number).First(&inv).Error
	return inv, translate(err)
}

func (r *Invoices) MarkPaid(ctx context.Context, id int64, chargeID string) error {
	now := time.Now()
	return translate(r.db.WithContext(ctx).Model(&domain.Invoice{ID: id}).Updates(map[string]any{
		"status":    domain.InvoicePaid,
		"charge_id": chargeID,
		"paid_at":   &now,
	}).Error)
}

func (r *Invoices) SetStatusIf(ctx context.Context, id int64, from, to string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&domain.Invoice{}).
		Where("id = ?", id).
		Where("status = ?", from).
		Update("status", to)
	if res.Error != nil {
		return false, translate(res.Error)
	}
	return res.RowsAffected == 1, nil
}

// CreateForOrder returns the order's invoice, issuing one when the order has
// none yet. created reports whether this call issued it.
func (r *Invoices) CreateForOrder(ctx context.Context, orderID int64, build func(domain.Order) domain.Invoice) (inv domain.Invoice, created bool, err error) {
	err = r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("order_id = ?", orderID).
			First(&inv).Error
		if err == nil {
			return nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		var order domain.Order
		if err := tx.First(&order, orderID).Error; err != nil {
			return err
		}
		inv = build(order)
		if err := tx.Create(&inv).Error; err != nil {
			return err
		}
		created = true
		return nil
	})
	return inv, created, translate(err)
}

// CreateReceiptForOrder is CreateForOrder for receipts.
func (r *Invoices) CreateReceiptForOrder(ctx context.Context, orderID int64, build func(domain.Order) domain.Receipt) (rcpt domain.Receipt, created bool, err error) {
	err = r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var order domain.Order
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&order, orderID).Error; err != nil {
			return err
		}
		res := tx.Where("order_id = ?", orderID).Limit(1).Find(&rcpt)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected > 0 {
			return nil
		}
		rcpt = build(order)
		if err := tx.Create(&rcpt).Error; err != nil {
			return err
		}
		created = true
		return nil
	})
	return rcpt, created, translate(err)
}
