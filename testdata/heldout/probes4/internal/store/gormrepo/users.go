package gormrepo

import (
	"context"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/shop4/internal/domain"
)

type Users struct{ db *gorm.DB }

func NewUsers(db *gorm.DB) *Users { return &Users{db: db} }

func (r *Users) FindByEmail(ctx context.Context, email string) (domain.User, error) {
	var u domain.User
	err := r.db.WithContext(ctx).
		Where("lower(email) = ?", strings.ToLower(email)).
		Limit(1).
		Find(&u).Error
	return u, err
}

func (r *Users) ByID(ctx context.Context, id int64) (*domain.User, error) {
	var u domain.User
	if err := r.db.WithContext(ctx).First(&u, id).Error; err != nil {
		return nil, translate(err)
	}
	return &u, nil
}

func (r *Users) CreateIfAbsent(ctx context.Context, u *domain.User) (bool, error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "email"}}, DoNothing: true}).
		Create(u)
	if res.Error != nil {
		return false, translate(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *Users) UpdateColumns(ctx context.Context, id int64, cols map[string]any) error {
	return translate(r.db.WithContext(ctx).Model(&domain.User{ID: id}).Updates(cols).Error)
}

type Customers struct{ db *gorm.DB }

func NewCustomers(db *gorm.DB) *Customers { return &Customers{db: db} }

func (r *Customers) ByEmail(ctx context.Context, email string) (domain.Customer, error) {
	var c domain.Customer
	err := r.db.WithContext(ctx).Where(&domain.Customer{Email: email}).Order("id").Limit(1).Find(&c).Error
	return c, err
}

func (r *Customers) Create(ctx context.Context, c *domain.Customer) error {
	return translate(r.db.WithContext(ctx).Create(c).Error)
}
