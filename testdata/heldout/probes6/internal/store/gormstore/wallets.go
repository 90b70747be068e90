package gormstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/fleet6/internal/domain"
)

type Wallets struct{ DB *gorm.DB }

func (s Wallets) ForDriver(ctx context.Context, driverID int64) (domain.Wallet, error) {
	var w domain.Wallet
	err := s.DB.WithContext(ctx).Where("driver_id = ?", driverID).First(&w).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return domain.Wallet{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Wallet{}, fmt.Errorf("wallet: %w", err)
	}
	return w, nil
}

func (s Wallets) Save(ctx context.Context, w *domain.Wallet) error {
	w.UpdatedAt = time.Now()
	if err := s.DB.WithContext(ctx).Save(w).Error; err != nil {
		return fmt.Errorf("save wallet: %w", err)
	}
	return nil
}

// Credit adds to the driver's balance in one statement.
func (s Wallets) Credit(ctx context.Context, driverID, cents int64) error {
	res := s.DB.WithContext(ctx).Model(&domain.Wallet{}).
		Where("driver_id = ?", driverID).
		Updates(map[string]any{
			"balance_cents": gorm.Expr("balance_cents + ?", cents),
			"updated_at":    time.Now(),
		})
	if res.Error != nil {
		return fmt.Errorf("credit wallet: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}

type Proofs struct{ DB *gorm.DB }

func (s Proofs) Save(ctx context.Context, pod *domain.ProofOfDelivery) (bool, error) {
	res := s.DB.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "shipment_id"}}, DoNothing: true}).
		Create(pod)
	if res.Error != nil {
		return false, fmt.Errorf("save proof of delivery: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

type Invoices struct{ DB *gorm.DB }

func (s Invoices) Get(ctx context.Context, id int64) (domain.Invoice, error) {
	var inv domain.Invoice
	err := s.DB.WithContext(ctx).First(&inv, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return domain.Invoice{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Invoice{}, fmt.Errorf("get invoice: %w", err)
	}
	return inv, nil
}

func (s Invoices) SetPaid(ctx context.Context, id int64, chargeRef string) error {
	err := s.DB.WithContext(ctx).Model(&domain.Invoice{ID: id}).
		Updates(map[string]any{"status": domain.InvoicePaid, "charge_ref": chargeRef}).Error
	if err != nil {
		return fmt.Errorf("set invoice paid: %w", err)
	}
	return nil
}

// StartPayment moves an open invoice to paying; false means it was not open.
func (s Invoices) StartPayment(ctx context.Context, id int64) (bool, error) {
	res := s.DB.WithContext(ctx).Model(&domain.Invoice{}).
		Where("id = ? AND status = ?", id, domain.InvoiceOpen).
		Update("status", domain.InvoicePaying)
	if res.Error != nil {
		return false, fmt.Errorf("start invoice payment: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}
