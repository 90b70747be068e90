package gormstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"

	"example.com/desk5/internal/domain"
)

// Open connects gorm with duplicate-key translation enabled, so that unique
// violations surface as gorm.ErrDuplicatedKey.
func Open(dsn string) (*gorm.DB, error) {
	return gorm.Open(postgres.Open(dsn), &gorm.Config{
		TranslateError: true,
		Logger:         logger.Default.LogMode(logger.Warn),
	})
}

// MapErr translates gorm errors into domain sentinels.
func MapErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return domain.ErrNotFound
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return fmt.Errorf("%w: %v", domain.ErrAlreadyExists, err)
	default:
		return err
	}
}

// Accounts stores billing accounts and tax profiles.
type Accounts struct{ DB *gorm.DB }

// FindBillingAccount returns nil when the workspace has no account yet.
func (r Accounts) FindBillingAccount(ctx context.Context, workspaceID int64) (*BillingAccount, error) {
	var acct BillingAccount
	err := r.DB.WithContext(ctx).Where("workspace_id = ?", workspaceID).Order("id").Take(&acct).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &acct, nil
}

func (r Accounts) CreateBillingAccount(ctx context.Context, acct *BillingAccount) error {
	return MapErr(r.DB.WithContext(ctx).Create(acct).Error)
}

// FindTaxProfile returns nil when the workspace has no tax profile.
func (r Accounts) FindTaxProfile(ctx context.Context, workspaceID int64) (*TaxProfile, error) {
	var p TaxProfile
	err := r.DB.WithContext(ctx).Where("workspace_id = ?", workspaceID).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// InsertTaxProfile inserts unless a profile exists; it reports whether a
// row was inserted.
func (r Accounts) InsertTaxProfile(ctx context.Context, p *TaxProfile) (bool, error) {
	res := r.DB.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "workspace_id"}}, DoNothing: true}).
		Create(p)
	if res.Error != nil {
		return false, MapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

// Invoices stores invoices.
type Invoices struct{ DB *gorm.DB }

func (r Invoices) Get(ctx context.Context, workspaceID, id int64) (Invoice, error) {
	var inv Invoice
	err := r.DB.WithContext(ctx).Where("workspace_id = ? AND id = ?", workspaceID, id).First(&inv).Error
	return inv, MapErr(err)
}

// Save writes every column of the invoice.
func (r Invoices) Save(ctx context.Context, inv *Invoice) error {
	inv.UpdatedAt = time.Now()
	return MapErr(r.DB.WithContext(ctx).Save(inv).Error)
}

// ClaimForCollection moves an invoice from one status to another and
// reports whether this call did it.
func (r Invoices) ClaimForCollection(ctx context.Context, id int64, from, to string) (bool, error) {
	res := r.DB.WithContext(ctx).Model(&Invoice{}).
		Where("id = ? AND status = ?", id, from).
		Updates(map[string]any{"status": to, "attempts": gorm.Expr("attempts + 1"), "updated_at": time.Now()})
	if res.Error != nil {
		return false, MapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

// Payments stores card payments.
type Payments struct{ DB *gorm.DB }

func (r Payments) Get(ctx context.Context, workspaceID, id int64) (Payment, error) {
	var p Payment
	err := r.DB.WithContext(ctx).Where("workspace_id = ? AND id = ?", workspaceID, id).First(&p).Error
	return p, MapErr(err)
}

func (r Payments) GetByReference(ctx context.Context, ref string) (Payment, error) {
	var p Payment
	err := r.DB.WithContext(ctx).Where("reference = ?", ref).First(&p).Error
	return p, MapErr(err)
}

func (r Payments) Create(ctx context.Context, p *Payment) error {
	return r.DB.WithContext(ctx).Create(p).Error
}

func (r Payments) UpdateFields(ctx context.Context, id int64, fields map[string]any) error {
	fields["updated_at"] = time.Now()
	return MapErr(r.DB.WithContext(ctx).Model(&Payment{}).Where("id = ?", id).Updates(fields).Error)
}

func (r Payments) AddRefund(ctx context.Context, ref *Refund) error {
	return MapErr(r.DB.WithContext(ctx).Create(ref).Error)
}

// Credits stores prepaid credit balances.
type Credits struct{ DB *gorm.DB }

func (r Credits) Balance(ctx context.Context, workspaceID int64) (CreditBalance, error) {
	var b CreditBalance
	err := r.DB.WithContext(ctx).Where(CreditBalance{WorkspaceID: workspaceID}).
		Attrs(CreditBalance{BalanceCents: 0}).FirstOrInit(&b).Error
	return b, MapErr(err)
}

func (r Credits) SaveBalance(ctx context.Context, b *CreditBalance) error {
	b.UpdatedAt = time.Now()
	return MapErr(r.DB.WithContext(ctx).Save(b).Error)
}

func (r Credits) Ledger(ctx context.Context, workspaceID, delta int64, reason string) error {
	return MapErr(r.DB.WithContext(ctx).Create(&CreditLedger{WorkspaceID: workspaceID, DeltaCents: delta, Reason: reason}).Error)
}
