package repo

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"example.com/probes/internal/domain"
)

// UserRepo is backed by gorm.
type UserRepo struct {
	db *gorm.DB
}

func NewUserRepo(db *gorm.DB) *UserRepo { return &UserRepo{db: db} }

// FindByEmail returns the zero User when nobody has that address.
func (r *UserRepo) FindByEmail(ctx context.Context, email string) (domain.User, error) {
	var u domain.User
	err := r.db.WithContext(ctx).Where("email = ?", email).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return domain.User{}, nil
	}
	if err != nil {
		return domain.User{}, fmt.Errorf("users: find by email: %w", err)
	}
	return u, nil
}

func (r *UserRepo) GetByID(ctx context.Context, id int64) (domain.User, error) {
	var u domain.User
	if err := r.db.WithContext(ctx).First(&u, id).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return u, domain.ErrNotFound
		}
		return u, err
	}
	return u, nil
}

// Create inserts u and fills its ID. A taken e-mail is ErrDuplicate.
func (r *UserRepo) Create(ctx context.Context, u *domain.User) error {
	if err := r.db.WithContext(ctx).Create(u).Error; err != nil {
		if isUniqueViolation(err) {
			return domain.ErrDuplicate
		}
		return fmt.Errorf("users: create: %w", err)
	}
	return nil
}

// MarkEmailVerified sets an absolute value.
func (r *UserRepo) MarkEmailVerified(ctx context.Context, id int64) error {
	return r.db.WithContext(ctx).Model(&domain.User{}).Where("id = ?", id).Update("email_verified", true).Error
}

func (r *UserRepo) SetPlan(ctx context.Context, id int64, plan string) error {
	return r.db.WithContext(ctx).Model(&domain.User{}).Where("id = ?", id).Update("plan", plan).Error
}
